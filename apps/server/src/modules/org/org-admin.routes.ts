import multipart from '@fastify/multipart';
import {
  errorReportRequestSchema,
  IMPORT_LIMITS,
  importResultSchema,
  orgAddRequestSchema,
  orgAddResponseSchema,
  orgChangeNameRequestSchema,
  orgDeleteRequestSchema,
  RoleId,
  shopAddRequestSchema,
  shopAddResponseSchema,
  shopGroupAddRequestSchema,
  shopGroupIdRequestSchema,
  shopGroupListRequestSchema,
  shopGroupNumResponseSchema,
  shopGroupRowSchema,
  shopGroupUpdateRequestSchema,
  shopIdRequestSchema,
  shopLabelDicResponseSchema,
  shopListByParentOrgRequestSchema,
  shopListRequestSchema,
  shopLogListRequestSchema,
  shopLogPageSchema,
  shopMergeListResponseSchema,
  shopPageSchema,
  shopRowSchema,
  shopUpdateRequestSchema,
} from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../platform/authz/guard.ts';
import { readUploadedFile } from '../../platform/files/import-reports.ts';
import type { OperationGuard } from '../../platform/http/context.ts';
import { defineDownload } from '../../platform/http/download.ts';
import { defineOperation, optionalBody } from '../../platform/http/operation.ts';
import type { OrgAdminService } from './org-admin.service.ts';
import type { ShopGroupsService } from './shop-groups.service.ts';
import type { ShopImportService } from './shop-import.service.ts';

const tags = ['org'];
/** Spec section 6: the observer is barred from organisation management whatever a map says. */
const manage = (permission: OperationGuard['permission']): OperationGuard => ({ auth: 'customer', permission, barRoles: [RoleId.observer] });
const customer: OperationGuard = { auth: 'customer' };

export interface OrgAdminServices {
  orgAdmin: OrgAdminService;
  shopImport: ShopImportService;
  shopGroups: ShopGroupsService;
}

export function registerOrgAdminRoutes(app: FastifyInstance, { orgAdmin, shopImport, shopGroups }: OrgAdminServices): void {
  // ---------------------------------------------------------------- organisations
  defineOperation(app, {
    method: 'POST',
    url: '/api/org/add',
    summary: 'Add an organisation under a parent (sibling names must differ)',
    tags,
    guard: manage('org_add'),
    body: orgAddRequestSchema,
    response: orgAddResponseSchema,
    handler: ({ body, request }) => orgAdmin.createOrg(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/org/changeName',
    summary: 'Rename an organisation',
    tags,
    guard: manage('org_rename'),
    body: orgChangeNameRequestSchema,
    response: z.null(),
    handler: ({ body, request }) => orgAdmin.renameOrg(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/org/delete',
    summary: 'Delete an organisation; refused while it has sub-organisations, shops or users',
    tags,
    guard: manage('org_delete'),
    body: orgDeleteRequestSchema,
    response: z.null(),
    handler: ({ body, request }) => orgAdmin.deleteOrg(actorOf(request), body),
  });

  // ---------------------------------------------------------------- shop lists
  defineOperation(app, {
    method: 'POST',
    url: '/api/stShop/getList',
    summary: "Shops in the caller's scope, optionally under one organisation; paged, searchable",
    tags,
    guard: customer,
    body: optionalBody(shopListRequestSchema),
    response: shopPageSchema,
    handler: ({ body, request }) => orgAdmin.listShops(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/stShop/getListOfMerge',
    summary: 'Every shop the caller may see and the store groups, unpaged, for pickers',
    tags,
    guard: customer,
    response: shopMergeListResponseSchema,
    handler: async ({ request }) => {
      const actor = actorOf(request);
      const [shops, groups] = await Promise.all([orgAdmin.visibleShopsLight(actor), shopGroups.pickerGroups(actor)]);
      return { shops, groups };
    },
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/shop/getShopListByParentOrg',
    summary: 'Shops of an organisation subtree with the orgs columns; paged, searchable, closed shops hideable',
    tags,
    guard: manage('cueretail_org_manage'),
    body: shopListByParentOrgRequestSchema,
    response: shopPageSchema,
    handler: ({ body, request }) => orgAdmin.listShopsByParentOrg(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/shop/detail',
    summary: 'One shop with every field',
    tags,
    guard: customer,
    body: shopIdRequestSchema,
    response: shopRowSchema,
    handler: ({ body, request }) => orgAdmin.shopDetail(actorOf(request), body.shopId),
  });
  defineOperation(app, {
    method: 'GET',
    url: '/api/shop/getShopLabelDic',
    summary: 'Labels used on the shops the caller may see, with counts',
    tags,
    guard: customer,
    response: shopLabelDicResponseSchema,
    handler: ({ request }) => orgAdmin.labelDictionary(actorOf(request)),
  });

  // ---------------------------------------------------------------- shop writes
  defineOperation(app, {
    method: 'POST',
    url: '/api/shop/add',
    summary: 'Add a shop with every field of spec section 3',
    tags,
    guard: manage('shop_add'),
    body: shopAddRequestSchema,
    response: shopAddResponseSchema,
    handler: ({ body, request }) => orgAdmin.createShop(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/shop/update',
    summary: 'Change a shop; closing needs confirmClose and is final',
    tags,
    guard: manage('shop_update'),
    body: shopUpdateRequestSchema,
    response: shopRowSchema,
    handler: ({ body, request }) => orgAdmin.updateShop(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/shop/getShopLogList',
    summary: 'Change log of a shop: who, when, field, old and new value',
    tags,
    guard: manage('cueretail_org_manage'),
    body: shopLogListRequestSchema,
    response: shopLogPageSchema,
    handler: ({ body, request }) => orgAdmin.shopLogs(actorOf(request), body),
  });

  // ---------------------------------------------------------------- shop import
  defineDownload(app, {
    method: 'GET',
    url: '/api/shop/uploadTemplate',
    summary: 'The shop import template (.xlsx), headers in the caller language',
    tags,
    guard: manage('shop_upload'),
    handler: async ({ request }) => ({ fileName: 'shops-template.xlsx', content: await shopImport.template(request.locale) }),
  });
  defineDownload(app, {
    method: 'POST',
    url: '/api/shop/downloadUploadErrorData',
    summary: 'Error report (.xlsx: row, column, message) of a refused shop import',
    tags,
    guard: manage('shop_upload'),
    body: errorReportRequestSchema,
    handler: ({ body, request }) => shopImport.errorReport(actorOf(request), body.errorReportId, request.locale),
  });
  // Multipart parsing lives only in this context, so no other operation accepts form uploads.
  app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 5 } });
    defineOperation(uploads, {
      method: 'POST',
      url: '/api/shop/upload',
      summary: 'Import shops from the template (multipart field "file"); all or nothing',
      tags,
      guard: manage('shop_upload'),
      response: importResultSchema,
      handler: async ({ request }) => shopImport.importShops(actorOf(request), await readUploadedFile(request), request.locale),
    });
  });

  // ---------------------------------------------------------------- store groups
  defineOperation(app, {
    method: 'POST',
    url: '/api/shopGroup/list',
    summary: 'Store groups: name, store count, permissions (roles), score',
    tags,
    guard: customer,
    body: optionalBody(shopGroupListRequestSchema),
    response: z.array(shopGroupRowSchema),
    handler: ({ body, request }) => shopGroups.list(actorOf(request), body.keyword),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/shopGroup/add',
    summary: 'Add a store group',
    tags,
    guard: manage('shopgroup_add'),
    body: shopGroupAddRequestSchema,
    response: z.object({ groupId: z.string() }),
    handler: ({ body, request }) => shopGroups.add(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/shopGroup/update',
    summary: 'Change a store group (members outside the caller scope are kept)',
    tags,
    guard: manage('shopgroup_add'),
    body: shopGroupUpdateRequestSchema,
    response: z.null(),
    handler: ({ body, request }) => shopGroups.update(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/shopGroup/delete',
    summary: 'Delete a store group; refused while stores remain in it',
    tags,
    guard: manage('shopgroup_add'),
    body: shopGroupIdRequestSchema,
    response: z.null(),
    handler: ({ body, request }) => shopGroups.remove(actorOf(request), body.groupId),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/shopGroup/shopNum',
    summary: 'How many stores a group holds',
    tags,
    guard: customer,
    body: shopGroupIdRequestSchema,
    response: shopGroupNumResponseSchema,
    handler: ({ body, request }) => shopGroups.shopNum(actorOf(request), body.groupId),
  });
}
