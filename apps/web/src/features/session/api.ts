import type {
  authCustomersResponseSchema,
  CityNode,
  CustomerSummary,
  holidaysResponseSchema,
  langDicResponseSchema,
  NoticeCount,
  PermissionMap,
  retentionDaysResponseSchema,
  SelectCustomerResponse,
  shopTreeVariantSchema,
  specialPowerResponseSchema,
  TreeNode,
} from '@storelens/contracts';
import { authOperations } from '@storelens/contracts';
import type { z } from 'zod';
import { http } from '../../shared/lib/http.ts';
import { callOperation } from '../../shared/lib/operations.ts';

/** Session and tree operations (spec section 7, "Session and trees"). */

export function listAuthorisedCustomers(): Promise<CustomerSummary[]> {
  return http.post<z.infer<typeof authCustomersResponseSchema>>('/current/authcus');
}

export function selectCustomer(cid: string): Promise<SelectCustomerResponse> {
  return http.post<SelectCustomerResponse>('/current/selectcus', { cid });
}

export function fetchPermissionMap(): Promise<Partial<PermissionMap>> {
  return http.post<Partial<PermissionMap>>('/current/permissionMap');
}

/** Failures are swallowed by the caller (spec: the notice-count failure is silent). */
export function fetchNoticeCount(): Promise<NoticeCount> {
  return http.post<NoticeCount>('/current/noticeCount', {}, { silent: true });
}

/** The holidays of last, this and next year, keyed by date (status -1: every status). */
export function fetchHolidays(year: number): Promise<z.infer<typeof holidaysResponseSchema>> {
  return http.post('/current/holidays', { years: [year - 1, year, year + 1], status: -1 });
}

export type ShopTreeVariant = z.infer<typeof shopTreeVariantSchema>;

export function fetchOrgTree(): Promise<TreeNode[]> {
  return http.post<TreeNode[]>('/current/orgtree');
}

export function fetchShopTree(variant: ShopTreeVariant = 'all'): Promise<TreeNode[]> {
  return http.post<TreeNode[]>('/current/shoptree2', { variant });
}

export function fetchCameraTree(): Promise<TreeNode[]> {
  return http.post<TreeNode[]>('/current/cameratree2');
}

export function fetchCityTree(): Promise<CityNode[]> {
  return http.post<CityNode[]>('/current/getCityTree');
}

export function fetchLanguageDictionary(): Promise<z.infer<typeof langDicResponseSchema>> {
  return http.post('/current/getLangDic');
}

export function fetchSpecialPower(): Promise<z.infer<typeof specialPowerResponseSchema>> {
  return http.post('/current/getSpecialPower');
}

export function fetchRetentionDays(): Promise<z.infer<typeof retentionDaysResponseSchema>> {
  return http.post('/current/getTSRetentionDays');
}

export function signOut(): Promise<null> {
  return callOperation(authOperations.logout, undefined, { silent: true });
}
