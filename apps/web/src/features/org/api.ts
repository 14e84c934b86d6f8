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
import type { z } from 'zod';
import { http } from '../../shared/lib/http.ts';

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
  return http.post<TreeNode[]>('/current/orgtree');
}

export function addOrg(request: OrgAddRequest): Promise<z.infer<typeof orgAddResponseSchema>> {
  return http.post('/org/add', request);
}

export function renameOrg(request: OrgRenameRequest): Promise<null> {
  return http.post<null>('/org/changeName', request);
}

export function deleteOrg(orgId: string): Promise<null> {
  return http.post<null>('/org/delete', { orgId });
}

export function listShopsByParentOrg(request: ShopListRequest): Promise<Page<ShopRow>> {
  return http.post<Page<ShopRow>>('/shop/getShopListByParentOrg', request);
}

export function fetchShopDetail(shopId: string): Promise<ShopRow> {
  return http.post<ShopRow>('/shop/detail', { shopId });
}

export function addShop(request: ShopAddInput): Promise<{ shopId: string }> {
  return http.post('/shop/add', request);
}

export function updateShop(request: ShopUpdateInput): Promise<ShopRow> {
  return http.post<ShopRow>('/shop/update', request);
}

export function fetchShopLogs(shopId: string, page: number, pageSize: number): Promise<Page<ShopLogRow>> {
  return http.post<Page<ShopLogRow>>('/shop/getShopLogList', { shopId, page, pageSize });
}

export function fetchShopLabels(): Promise<ShopLabel[]> {
  return http.get<ShopLabel[]>('/shop/getShopLabelDic');
}

/** Every shop the user sees plus the store groups, for pickers. */
export function fetchShopPickerList(): Promise<ShopPickerList> {
  return http.post<ShopPickerList>('/stShop/getListOfMerge');
}

// ---------------------------------------------------------------- shop import

export function downloadShopTemplate(): Promise<Blob> {
  return http.get<Blob>('/shop/uploadTemplate', undefined, { responseType: 'blob' });
}

/** Silent: a refused file's row errors are shown in the import dialog rather than in a modal. */
export function uploadShops(file: File, onProgress: (fraction: number) => void): Promise<{ imported: number }> {
  return http.upload('/shop/upload', file, file.name, { silent: true, onUploadProgress: onProgress });
}

export function downloadShopErrorReport(errorReportId: string): Promise<Blob> {
  return http.post<Blob>('/shop/downloadUploadErrorData', { errorReportId }, { responseType: 'blob' });
}

// ---------------------------------------------------------------- store groups

export function listShopGroups(keyword?: string): Promise<ShopGroupRow[]> {
  return http.post<ShopGroupRow[]>('/shopGroup/list', keyword ? { keyword } : {});
}

export function addShopGroup(request: ShopGroupAddRequest): Promise<{ groupId: string }> {
  return http.post('/shopGroup/add', request);
}

export function updateShopGroup(request: ShopGroupUpdateRequest): Promise<null> {
  return http.post<null>('/shopGroup/update', request);
}

export function deleteShopGroup(groupId: string): Promise<null> {
  return http.post<null>('/shopGroup/delete', { groupId });
}
