import { authOperations } from './auth/operations.ts';
import { messageOperations } from './messages/operations.ts';
import type { AnyOperation } from './platform/operation.ts';

/**
 * Every declared operation (issue 10 section 3). A domain's declarations join this list when its
 * routes are registered from them; the server's sweeps (cross-customer, bad input) iterate over it.
 */
export const DECLARED_OPERATIONS: readonly AnyOperation[] = [...Object.values(messageOperations), ...Object.values(authOperations)];
