import { authOperations } from './auth/operations.ts';
import { calendarOperations } from './calendar/operations.ts';
import { devOperations } from './dev/operations.ts';
import { deviceApiOperations } from './device-api/operations.ts';
import { devicesOperations } from './devices/operations.ts';
import { messageOperations } from './messages/operations.ts';
import { orgAdminOperations } from './org/admin-operations.ts';
import { orgOperations } from './org/operations.ts';
import type { AnyOperation } from './platform/operation.ts';
import { salesOperations } from './sales/operations.ts';
import { sessionOperations } from './session/operations.ts';
import { trafficOperations } from './traffic/operations.ts';
import { singleLensOperations } from './traffic/single-lens.ts';
import { usersOperations } from './users/operations.ts';
import { videoDownloadOperations, videoKeyframeOperations } from './video/downloads.ts';
import { liveOperations } from './video/live.ts';
import { videoOperations } from './video/operations.ts';
import { virtualStoreOperations } from './virtual-store/operations.ts';

/**
 * Every declared operation (issue 10 section 3). A domain's declarations join this list when its
 * routes are registered from them; the server's sweeps (cross-customer, bad input) iterate over it.
 */
export const DECLARED_OPERATIONS: readonly AnyOperation[] = [
  ...Object.values(messageOperations),
  ...Object.values(orgAdminOperations),
  ...Object.values(usersOperations),
  ...Object.values(trafficOperations),
  ...Object.values(sessionOperations),
  ...Object.values(salesOperations),
  ...Object.values(orgOperations),
  ...Object.values(devicesOperations),
  ...Object.values(deviceApiOperations),
  ...Object.values(devOperations),
  ...Object.values(calendarOperations),
  ...Object.values(authOperations),
  ...Object.values(videoOperations),
  ...Object.values(videoDownloadOperations),
  ...Object.values(videoKeyframeOperations),
  ...Object.values(singleLensOperations),
  ...Object.values(liveOperations),
  ...Object.values(virtualStoreOperations),
];
