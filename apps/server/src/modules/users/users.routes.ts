import multipart from '@fastify/multipart';
import { IMPORT_LIMITS, usersOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { readUploadedFile } from '../../platform/files/import-reports.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { RolesService } from './roles.service.ts';
import type { UserImportService } from './user-import.service.ts';
import type { UsersService } from './users.service.ts';
/** Spec section 6: the observer is barred from user management whatever a map says. */
export interface UsersServices {
  users: UsersService;
  roles: RolesService;
  userImport: UserImportService;
}

export function registerUsersRoutes(app: FastifyInstance, { users, roles, userImport }: UsersServices): void {
  // ---------------------------------------------------------------- users
  registerOperation(app, usersOperations.userGetUserListByParentOrg, ({ body, request }) => users.listByParentOrg(actorOf(request), body, request.locale));
  registerOperation(app, usersOperations.userGetUserListByShopIds, ({ body, request }) => users.listByShopIds(actorOf(request), body, request.locale));
  registerOperation(app, usersOperations.userDetail, ({ body, request }) => users.detail(actorOf(request), body.userId, request.locale));
  registerOperation(app, usersOperations.userAdd, ({ body, request }) => users.add(actorOf(request), body));
  registerOperation(app, usersOperations.userUpdate, ({ body, request }) => users.update(actorOf(request), body));
  registerOperation(app, usersOperations.userUpdateStatus, ({ body, request }) => users.updateStatus(actorOf(request), body));
  registerOperation(app, usersOperations.userUpdatePassword, ({ body, request }) => users.updatePassword(actorOf(request), body));

  // ---------------------------------------------------------------- user import
  registerDownload(app, usersOperations.userUploadTemplate, async ({ request }) => ({
    fileName: 'users-template.xlsx',
    content: await userImport.template(request.locale),
  }));
  registerDownload(app, usersOperations.userDownloadUploadErrorData, ({ body, request }) =>
    userImport.errorReport(actorOf(request), body.errorReportId, request.locale),
  );
  // Multipart parsing lives only in this context, so no other operation accepts form uploads.
  app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 5 } });
    registerOperation(uploads, usersOperations.userUpload, async ({ request }) =>
      userImport.importUsers(actorOf(request), await readUploadedFile(request), request.locale),
    );
  });

  // ---------------------------------------------------------------- roles
  registerOperation(app, usersOperations.userGetRoleList, ({ request }) => roles.options(actorOf(request), request.locale));
  registerOperation(app, usersOperations.userGetRectRoleList, ({ request }) => roles.rectificationRoles(actorOf(request), request.locale));
  registerOperation(app, usersOperations.roleList, ({ body, request }) => roles.list(actorOf(request), request.locale, body.keyword));
  registerOperation(app, usersOperations.roleDetail, ({ body, request }) => roles.detail(actorOf(request), body.roleId, request.locale));
  registerOperation(app, usersOperations.roleAdd, ({ body, request }) => roles.create(actorOf(request), body));
  registerOperation(app, usersOperations.roleCopy, ({ body, request }) => roles.copy(actorOf(request), body));
  registerOperation(app, usersOperations.roleUpdate, ({ body, request }) => roles.update(actorOf(request), body));
  registerOperation(app, usersOperations.roleDelete, ({ body, request }) => roles.remove(actorOf(request), body.roleId));
}
