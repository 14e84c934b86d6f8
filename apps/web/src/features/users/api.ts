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
import { usersOperations } from '@storelens/contracts';
import type { z } from 'zod';
import { callOperation, uploadToOperation } from '../../shared/lib/operations.ts';

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
  return callOperation(usersOperations.userGetUserListByParentOrg, request, options);
}

export function listUsersByShops(request: UserListByShopsRequest): Promise<Page<UserRow>> {
  return callOperation(usersOperations.userGetUserListByShopIds, request);
}

export function addUser(request: UserAddInput): Promise<z.infer<typeof userAddResponseSchema>> {
  return callOperation(usersOperations.userAdd, request);
}

export function updateUser(request: UserUpdateInput): Promise<null> {
  return callOperation(usersOperations.userUpdate, request);
}

export function setUserEnabled(userId: string, enabled: boolean): Promise<null> {
  return callOperation(usersOperations.userUpdateStatus, { userId, enabled });
}

export function setUserPassword(request: UserPasswordInput): Promise<null> {
  return callOperation(usersOperations.userUpdatePassword, request);
}

export function downloadUserTemplate(): Promise<Blob> {
  return callOperation(usersOperations.userUploadTemplate, undefined, { responseType: 'blob' });
}

/** Silent: a refused file's row errors are shown in the import dialog rather than in a modal. */
export function uploadUsers(file: File, onProgress: (fraction: number) => void): Promise<{ imported: number }> {
  return uploadToOperation(usersOperations.userUpload, file, file.name, { silent: true, onUploadProgress: onProgress });
}

export function downloadUserErrorReport(errorReportId: string): Promise<Blob> {
  return callOperation(usersOperations.userDownloadUploadErrorData, { errorReportId }, { responseType: 'blob' });
}

// ---------------------------------------------------------------- roles

/** Roles for the user form; `grantable` says whether the caller may give each. */
export function fetchRoleOptions(options: { silent?: boolean } = {}): Promise<RoleOption[]> {
  return callOperation(usersOperations.userGetRoleList, undefined, options);
}

export function fetchRectificationRoles(): Promise<RectRoleOption[]> {
  return callOperation(usersOperations.userGetRectRoleList, undefined);
}

export function listRoles(keyword?: string): Promise<RoleRow[]> {
  return callOperation(usersOperations.roleList, keyword ? { keyword } : {});
}

export function fetchRoleDetail(roleId: number): Promise<RoleDetail> {
  return callOperation(usersOperations.roleDetail, { roleId });
}

export function addRole(name: string, privileges: Privileges): Promise<{ roleId: number }> {
  return callOperation(usersOperations.roleAdd, { name, privileges });
}

export function copyRole(roleId: number, name: string): Promise<{ roleId: number }> {
  return callOperation(usersOperations.roleCopy, { roleId, name });
}

export function updateRole(roleId: number, changes: { name?: string; privileges?: Privileges }): Promise<{ roleId: number }> {
  return callOperation(usersOperations.roleUpdate, { roleId, ...changes });
}

export function deleteRole(roleId: number): Promise<null> {
  return callOperation(usersOperations.roleDelete, { roleId });
}
