import multipart from '@fastify/multipart';
import { IMPORT_LIMITS, orgAdminOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { readUploadedFile } from '../../platform/files/import-reports.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { OrgAdminService } from './org-admin.service.ts';
import type { ShopGroupsService } from './shop-groups.service.ts';
import type { ShopImportService } from './shop-import.service.ts';
/** Spec section 6: the observer is barred from organisation management whatever a map says. */
export interface OrgAdminServices {
  orgAdmin: OrgAdminService;
  shopImport: ShopImportService;
  shopGroups: ShopGroupsService;
}

export function registerOrgAdminRoutes(app: FastifyInstance, { orgAdmin, shopImport, shopGroups }: OrgAdminServices): void {
  // ---------------------------------------------------------------- organisations
  registerOperation(app, orgAdminOperations.add, ({ body, request }) => orgAdmin.createOrg(actorOf(request), body));
  registerOperation(app, orgAdminOperations.changeName, ({ body, request }) => orgAdmin.renameOrg(actorOf(request), body));
  registerOperation(app, orgAdminOperations.delete, ({ body, request }) => orgAdmin.deleteOrg(actorOf(request), body));

  // ---------------------------------------------------------------- shop lists
  registerOperation(app, orgAdminOperations.stShopGetList, ({ body, request }) => orgAdmin.listShops(actorOf(request), body));
  registerOperation(app, orgAdminOperations.stShopGetListOfMerge, async ({ request }) => {
    const actor = actorOf(request);
    const [shops, groups] = await Promise.all([orgAdmin.visibleShopsLight(actor), shopGroups.pickerGroups(actor)]);
    return { shops, groups };
  });
  registerOperation(app, orgAdminOperations.shopGetShopListByParentOrg, ({ body, request }) => orgAdmin.listShopsByParentOrg(actorOf(request), body));
  registerOperation(app, orgAdminOperations.shopDetail, ({ body, request }) => orgAdmin.shopDetail(actorOf(request), body.shopId));
  registerOperation(app, orgAdminOperations.shopGetShopLabelDic, ({ request }) => orgAdmin.labelDictionary(actorOf(request)));

  // ---------------------------------------------------------------- shop writes
  registerOperation(app, orgAdminOperations.shopAdd, ({ body, request }) => orgAdmin.createShop(actorOf(request), body));
  registerOperation(app, orgAdminOperations.shopUpdate, ({ body, request }) => orgAdmin.updateShop(actorOf(request), body));
  registerOperation(app, orgAdminOperations.shopGetShopLogList, ({ body, request }) => orgAdmin.shopLogs(actorOf(request), body));

  // ---------------------------------------------------------------- shop import
  registerDownload(app, orgAdminOperations.shopUploadTemplate, async ({ request }) => ({
    fileName: 'shops-template.xlsx',
    content: await shopImport.template(request.locale),
  }));
  registerDownload(app, orgAdminOperations.shopDownloadUploadErrorData, ({ body, request }) =>
    shopImport.errorReport(actorOf(request), body.errorReportId, request.locale),
  );
  // Multipart parsing lives only in this context, so no other operation accepts form uploads.
  app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 5 } });
    registerOperation(uploads, orgAdminOperations.shopUpload, async ({ request }) =>
      shopImport.importShops(actorOf(request), await readUploadedFile(request), request.locale),
    );
  });

  // ---------------------------------------------------------------- store groups
  registerOperation(app, orgAdminOperations.shopGroupList, ({ body, request }) => shopGroups.list(actorOf(request), body.keyword));
  registerOperation(app, orgAdminOperations.shopGroupAdd, ({ body, request }) => shopGroups.add(actorOf(request), body));
  registerOperation(app, orgAdminOperations.shopGroupUpdate, ({ body, request }) => shopGroups.update(actorOf(request), body));
  registerOperation(app, orgAdminOperations.shopGroupDelete, ({ body, request }) => shopGroups.remove(actorOf(request), body.groupId));
  registerOperation(app, orgAdminOperations.shopGroupShopNum, ({ body, request }) => shopGroups.shopNum(actorOf(request), body.groupId));
}
