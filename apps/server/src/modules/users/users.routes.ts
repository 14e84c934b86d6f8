import multipart from '@fastify/multipart';
import {
  errorReportRequestSchema,
  IMPORT_LIMITS,
  importResultSchema,
  RoleId,
  rectRoleOptionSchema,
  roleAddRequestSchema,
  roleCopyRequestSchema,
  roleDetailSchema,
  roleIdRequestSchema,
  roleIdResponseSchema,
  roleListRequestSchema,
  roleOptionSchema,
  roleRowSchema,
  roleUpdateRequestSchema,
  userAddRequestSchema,
  userAddResponseSchema,
  userIdRequestSchema,
  userListByParentOrgRequestSchema,
  userListByShopIdsRequestSchema,
  userPageSchema,
  userRowSchema,
  userUpdatePasswordRequestSchema,
  userUpdateRequestSchema,
  userUpdateStatusRequestSchema,
} from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../platform/authz/guard.ts';
import { readUploadedFile } from '../../platform/files/import-reports.ts';
import type { OperationGuard } from '../../platform/http/context.ts';
import { defineDownload } from '../../platform/http/download.ts';
import { defineOperation, optionalBody } from '../../platform/http/operation.ts';
import type { RolesService } from './roles.service.ts';
import type { UserImportService } from './user-import.service.ts';
import type { UsersService } from './users.service.ts';

const tags = ['users'];
/** Spec section 6: the observer is barred from user management whatever a map says. */
const manage = (permission: OperationGuard['permission']): OperationGuard => ({ auth: 'customer', permission, barRoles: [RoleId.observer] });

export interface UsersServices {
  users: UsersService;
  roles: RolesService;
  userImport: UserImportService;
}

export function registerUsersRoutes(app: FastifyInstance, { users, roles, userImport }: UsersServices): void {
  // ---------------------------------------------------------------- users
  defineOperation(app, {
    method: 'POST',
    url: '/api/user/getUserListByParentOrg',
    summary: 'Users of an organisation subtree, within the caller scope; paged, searchable',
    tags,
    guard: manage('cueretail_user_manage'),
    body: userListByParentOrgRequestSchema,
    response: userPageSchema,
    handler: ({ body, request }) => users.listByParentOrg(actorOf(request), body, request.locale),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/user/getUserListByShopIds',
    summary: 'Users whose data scope covers any of the shops; paged, searchable',
    tags,
    guard: manage('cueretail_user_manage'),
    body: userListByShopIdsRequestSchema,
    response: userPageSchema,
    handler: ({ body, request }) => users.listByShopIds(actorOf(request), body, request.locale),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/user/detail',
    summary: 'One user of the customer',
    tags,
    guard: manage('cueretail_user_manage'),
    body: userIdRequestSchema,
    response: userRowSchema,
    handler: ({ body, request }) => users.detail(actorOf(request), body.userId, request.locale),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/user/add',
    summary: 'Add a user (an existing account of another customer gets a membership)',
    tags,
    guard: manage('user_add'),
    body: userAddRequestSchema,
    response: userAddResponseSchema,
    handler: ({ body, request }) => users.add(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/user/update',
    summary: "Change a user's details, role, organisation permission and stores",
    tags,
    guard: manage('user_update'),
    body: userUpdateRequestSchema,
    response: z.null(),
    handler: ({ body, request }) => users.update(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/user/updateStatus',
    summary: 'Enable or disable a user in this customer; disabling ends their sessions',
    tags,
    guard: manage('user_update_status'),
    body: userUpdateStatusRequestSchema,
    response: z.null(),
    handler: ({ body, request }) => users.updateStatus(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/user/updatePassword',
    summary: "Set a user's password; their sessions end",
    tags,
    guard: manage('user_update_password'),
    body: userUpdatePasswordRequestSchema,
    response: z.null(),
    handler: ({ body, request }) => users.updatePassword(actorOf(request), body),
  });

  // ---------------------------------------------------------------- user import
  defineDownload(app, {
    method: 'GET',
    url: '/api/user/uploadTemplate',
    summary: 'The user import template (.xlsx), headers in the caller language',
    tags,
    guard: manage('user_upload'),
    handler: async ({ request }) => ({ fileName: 'users-template.xlsx', content: await userImport.template(request.locale) }),
  });
  defineDownload(app, {
    method: 'POST',
    url: '/api/user/downloadUploadErrorData',
    summary: 'Error report (.xlsx: row, column, message) of a refused user import',
    tags,
    guard: manage('user_upload'),
    body: errorReportRequestSchema,
    handler: ({ body, request }) => userImport.errorReport(actorOf(request), body.errorReportId, request.locale),
  });
  // Multipart parsing lives only in this context, so no other operation accepts form uploads.
  app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 5 } });
    defineOperation(uploads, {
      method: 'POST',
      url: '/api/user/upload',
      summary: 'Import users from the template (multipart field "file"); all or nothing',
      tags,
      guard: manage('user_upload'),
      response: importResultSchema,
      handler: async ({ request }) => userImport.importUsers(actorOf(request), await readUploadedFile(request), request.locale),
    });
  });

  // ---------------------------------------------------------------- roles
  defineOperation(app, {
    method: 'POST',
    url: '/api/user/getRoleList',
    summary: 'Roles for the user form; grantable says whether the caller may give each',
    tags,
    guard: manage('cueretail_user_manage'),
    response: z.array(roleOptionSchema),
    handler: ({ request }) => roles.options(actorOf(request), request.locale),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/user/getRectRoleList',
    summary: 'Roles that may handle rectification (their privileges show the rectification to-do)',
    tags,
    guard: { auth: 'customer' },
    response: z.array(rectRoleOptionSchema),
    handler: ({ request }) => roles.rectificationRoles(actorOf(request), request.locale),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/role/list',
    summary: 'Roles with their last update and how many users hold them',
    tags,
    guard: manage('cueretail_user_manage'),
    body: optionalBody(roleListRequestSchema),
    response: z.array(roleRowSchema),
    handler: ({ body, request }) => roles.list(actorOf(request), request.locale, body.keyword),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/role/detail',
    summary: 'A role with its complete privilege map (key -> 0 shown, 1 disabled, 2 hidden)',
    tags,
    guard: manage('cueretail_user_manage'),
    body: roleIdRequestSchema,
    response: roleDetailSchema,
    handler: ({ body, request }) => roles.detail(actorOf(request), body.roleId, request.locale),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/role/add',
    summary: 'Create a custom role; keys left out are hidden',
    tags,
    guard: manage(['cueretail_user_manage', 'user_update']),
    body: roleAddRequestSchema,
    response: roleIdResponseSchema,
    handler: ({ body, request }) => roles.create(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/role/copy',
    summary: 'Copy a role (system or custom) under a new name',
    tags,
    guard: manage(['cueretail_user_manage', 'user_update']),
    body: roleCopyRequestSchema,
    response: roleIdResponseSchema,
    handler: ({ body, request }) => roles.copy(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/role/update',
    summary: 'Rename a custom role or replace its privileges; system roles are read-only',
    tags,
    guard: manage(['cueretail_user_manage', 'user_update']),
    body: roleUpdateRequestSchema,
    response: roleIdResponseSchema,
    handler: ({ body, request }) => roles.update(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/role/delete',
    summary: 'Delete a custom role; refused while users hold it',
    tags,
    guard: manage(['cueretail_user_manage', 'user_update']),
    body: roleIdRequestSchema,
    response: z.null(),
    handler: ({ body, request }) => roles.remove(actorOf(request), body.roleId),
  });
}
