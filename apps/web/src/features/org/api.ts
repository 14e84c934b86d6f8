import type {
  ImportRefusal,
  orgAddRequestSchema,
  orgAddResponseSchema,
  orgChangeNameRequestSchema,
  Page,
  ShopAddRequest,
  ShopRow,
  ShopUpdateRequest,
  shopAddRequestSchema,
  shopGroupAddRequestSchema,
  shopGroupRowSchema,
  shopGroupUpdateRequestSchema,
  shopLabelDicResponseSchema,
  shopListByParentOrgRequestSchema,
  shopLogRowSchema,
  shopMergeListResponseSchema,
  shopUpdateRequestSchema,
  TreeNode,
} from '@storelens/contracts';
import { orgAdminOperations, orgOperations } from '@storelens/contracts';
import type { z } from 'zod';
import { callOperation, uploadToOperation } from '../../shared/lib/operations.ts';

/** Organisations, shops, shop imports and store groups (spec section 7, "Shops and orgs"). */

export type OrgAddRequest = z.input<typeof orgAddRequestSchema>;
export type OrgRenameRequest = z.input<typeof orgChangeNameRequestSchema>;
export type ShopListRequest = z.input<typeof shopListByParentOrgRequestSchema>;
export type ShopLogRow = z.infer<typeof shopLogRowSchema>;
export type ShopGroupRow = z.infer<typeof shopGroupRowSchema>;
export type ShopGroupAddRequest = z.input<typeof shopGroupAddRequestSchema>;
export type ShopGroupUpdateRequest = z.input<typeof shopGroupUpdateRequestSchema>;
export type ShopPickerList = z.infer<typeof shopMergeListResponseSchema>;
export type ShopLabel = z.infer<typeof shopLabelDicResponseSchema>[number];
export type ShopAddInput = z.input<typeof shopAddRequestSchema>;
export type ShopUpdateInput = z.input<typeof shopUpdateRequestSchema>;
export type { ImportRefusal, ShopAddRequest, ShopRow, ShopUpdateRequest };

export function fetchAdminOrgTree(): Promise<TreeNode[]> {
  return callOperation(orgOperations.currentOrgtree, undefined);
}

export function addOrg(request: OrgAddRequest): Promise<z.infer<typeof orgAddResponseSchema>> {
  return callOperation(orgAdminOperations.add, request);
}

export function renameOrg(request: OrgRenameRequest): Promise<null> {
  return callOperation(orgAdminOperations.changeName, request);
}

export function deleteOrg(orgId: string): Promise<null> {
  return callOperation(orgAdminOperations.delete, { orgId });
}

export function listShopsByParentOrg(request: ShopListRequest): Promise<Page<ShopRow>> {
  return callOperation(orgAdminOperations.shopGetShopListByParentOrg, request);
}

export function fetchShopDetail(shopId: string): Promise<ShopRow> {
  return callOperation(orgAdminOperations.shopDetail, { shopId });
}

export function addShop(request: ShopAddInput): Promise<{ shopId: string }> {
  return callOperation(orgAdminOperations.shopAdd, request);
}

export function updateShop(request: ShopUpdateInput): Promise<ShopRow> {
  return callOperation(orgAdminOperations.shopUpdate, request);
}

export function fetchShopLogs(shopId: string, page: number, pageSize: number): Promise<Page<ShopLogRow>> {
  return callOperation(orgAdminOperations.shopGetShopLogList, { shopId, page, pageSize });
}

export function fetchShopLabels(): Promise<ShopLabel[]> {
  return callOperation(orgAdminOperations.shopGetShopLabelDic, undefined);
}

/** Every shop the user sees plus the store groups, for pickers. */
export function fetchShopPickerList(): Promise<ShopPickerList> {
  return callOperation(orgAdminOperations.stShopGetListOfMerge, undefined);
}

// ---------------------------------------------------------------- shop import

export function downloadShopTemplate(): Promise<Blob> {
  return callOperation(orgAdminOperations.shopUploadTemplate, undefined, { responseType: 'blob' });
}

/** Silent: a refused file's row errors are shown in the import dialog rather than in a modal. */
export function uploadShops(file: File, onProgress: (fraction: number) => void): Promise<{ imported: number }> {
  return uploadToOperation(orgAdminOperations.shopUpload, file, file.name, { silent: true, onUploadProgress: onProgress });
}

export function downloadShopErrorReport(errorReportId: string): Promise<Blob> {
  return callOperation(orgAdminOperations.shopDownloadUploadErrorData, { errorReportId }, { responseType: 'blob' });
}

// ---------------------------------------------------------------- store groups

export function listShopGroups(keyword?: string): Promise<ShopGroupRow[]> {
  return callOperation(orgAdminOperations.shopGroupList, keyword ? { keyword } : {});
}

export function addShopGroup(request: ShopGroupAddRequest): Promise<{ groupId: string }> {
  return callOperation(orgAdminOperations.shopGroupAdd, request);
}

export function updateShopGroup(request: ShopGroupUpdateRequest): Promise<null> {
  return callOperation(orgAdminOperations.shopGroupUpdate, request);
}

export function deleteShopGroup(groupId: string): Promise<null> {
  return callOperation(orgAdminOperations.shopGroupDelete, { groupId });
}
