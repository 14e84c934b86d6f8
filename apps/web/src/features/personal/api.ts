import type { changeOwnPasswordRequestSchema, UserInfo, updateSelfInfoRequestSchema } from '@storelens/contracts';
import { sessionOperations } from '@storelens/contracts';
import type { z } from 'zod';
import { callOperation } from '../../shared/lib/operations.ts';

export type UpdateSelfInfoRequest = z.input<typeof updateSelfInfoRequestSchema>;
export type ChangeOwnPasswordRequest = z.input<typeof changeOwnPasswordRequestSchema>;

export function fetchUserInfo(): Promise<UserInfo> {
  return callOperation(sessionOperations.currentGetUserInfo, undefined);
}

export function updateSelfInfo(request: UpdateSelfInfoRequest): Promise<null> {
  return callOperation(sessionOperations.currentUpdateSelfInfo, request);
}

export function changeOwnPassword(request: ChangeOwnPasswordRequest): Promise<null> {
  return callOperation(sessionOperations.currentChangePwd, request);
}
