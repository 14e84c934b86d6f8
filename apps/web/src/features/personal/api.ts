import type { changeOwnPasswordRequestSchema, UserInfo, updateSelfInfoRequestSchema } from '@storelens/contracts';
import type { z } from 'zod';
import { http } from '../../shared/lib/http.ts';

export type UpdateSelfInfoRequest = z.input<typeof updateSelfInfoRequestSchema>;
export type ChangeOwnPasswordRequest = z.input<typeof changeOwnPasswordRequestSchema>;

export function fetchUserInfo(): Promise<UserInfo> {
  return http.post<UserInfo>('/current/getUserInfo');
}

export function updateSelfInfo(request: UpdateSelfInfoRequest): Promise<null> {
  return http.post<null>('/current/updateSelfInfo', request);
}

export function changeOwnPassword(request: ChangeOwnPasswordRequest): Promise<null> {
  return http.post<null>('/current/changePwd', request);
}
