import type {
  Page,
  PermValue,
  rectRoleOptionSchema,
  roleDetailSchema,
  roleOptionSchema,
  roleRowSchema,
  UserRow,
  userAddRequestSchema,
  userAddResponseSchema,
  userListByParentOrgRequestSchema,
  userListByShopIdsRequestSchema,
  userUpdatePasswordRequestSchema,
  userUpdateRequestSchema,
} from '@storelens/contracts';
import type { z } from 'zod';
import { http } from '../../shared/lib/http.ts';

/** Users, user imports and roles (spec section 7, "Users"; role operations under /api/role/). */

export type UserListByOrgRequest = z.input<typeof userListByParentOrgRequestSchema>;
export type UserListByShopsRequest = z.input<typeof userListByShopIdsRequestSchema>;
export type UserAddInput = z.input<typeof userAddRequestSchema>;
export type UserUpdateInput = z.input<typeof userUpdateRequestSchema>;
export type UserPasswordInput = z.input<typeof userUpdatePasswordRequestSchema>;
export type RoleOption = z.infer<typeof roleOptionSchema>;
export type RectRoleOption = z.infer<typeof rectRoleOptionSchema>;
export type RoleRow = z.infer<typeof roleRowSchema>;
export type RoleDetail = z.infer<typeof roleDetailSchema>;
export type Privileges = Record<string, PermValue>;
export type { UserRow };

export function listUsersByOrg(request: UserListByOrgRequest, options: { silent?: boolean } = {}): Promise<Page<UserRow>> {
  return http.post<Page<UserRow>>('/user/getUserListByParentOrg', request, options);
}

export function listUsersByShops(request: UserListByShopsRequest): Promise<Page<UserRow>> {
  return http.post<Page<UserRow>>('/user/getUserListByShopIds', request);
}

export function addUser(request: UserAddInput): Promise<z.infer<typeof userAddResponseSchema>> {
  return http.post('/user/add', request);
}

export function updateUser(request: UserUpdateInput): Promise<null> {
  return http.post<null>('/user/update', request);
}

export function setUserEnabled(userId: string, enabled: boolean): Promise<null> {
  return http.post<null>('/user/updateStatus', { userId, enabled });
}

export function setUserPassword(request: UserPasswordInput): Promise<null> {
  return http.post<null>('/user/updatePassword', request);
}

export function downloadUserTemplate(): Promise<Blob> {
  return http.get<Blob>('/user/uploadTemplate', undefined, { responseType: 'blob' });
}

/** Silent: a refused file's row errors are shown in the import dialog rather than in a modal. */
export function uploadUsers(file: File, onProgress: (fraction: number) => void): Promise<{ imported: number }> {
  return http.upload('/user/upload', file, file.name, { silent: true, onUploadProgress: onProgress });
}

export function downloadUserErrorReport(errorReportId: string): Promise<Blob> {
  return http.post<Blob>('/user/downloadUploadErrorData', { errorReportId }, { responseType: 'blob' });
}

// ---------------------------------------------------------------- roles

/** Roles for the user form; `grantable` says whether the caller may give each. */
export function fetchRoleOptions(options: { silent?: boolean } = {}): Promise<RoleOption[]> {
  return http.post<RoleOption[]>('/user/getRoleList', {}, options);
}

export function fetchRectificationRoles(): Promise<RectRoleOption[]> {
  return http.post<RectRoleOption[]>('/user/getRectRoleList');
}

export function listRoles(keyword?: string): Promise<RoleRow[]> {
  return http.post<RoleRow[]>('/role/list', keyword ? { keyword } : {});
}

export function fetchRoleDetail(roleId: number): Promise<RoleDetail> {
  return http.post<RoleDetail>('/role/detail', { roleId });
}

export function addRole(name: string, privileges: Privileges): Promise<{ roleId: number }> {
  return http.post('/role/add', { name, privileges });
}

export function copyRole(roleId: number, name: string): Promise<{ roleId: number }> {
  return http.post('/role/copy', { roleId, name });
}

export function updateRole(roleId: number, changes: { name?: string; privileges?: Privileges }): Promise<{ roleId: number }> {
  return http.post('/role/update', { roleId, ...changes });
}

export function deleteRole(roleId: number): Promise<null> {
  return http.post<null>('/role/delete', { roleId });
}
