import type {
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
import { authOperations, orgOperations, sessionOperations } from '@storelens/contracts';
import type { z } from 'zod';
import { callOperation } from '../../shared/lib/operations.ts';

/** Session and tree operations (spec section 7, "Session and trees"). */

export function listAuthorisedCustomers(): Promise<CustomerSummary[]> {
  return callOperation(sessionOperations.currentAuthcus, undefined);
}

export function selectCustomer(cid: string): Promise<SelectCustomerResponse> {
  return callOperation(sessionOperations.currentSelectcus, { cid });
}

export function fetchPermissionMap(): Promise<Partial<PermissionMap>> {
  return callOperation(sessionOperations.currentPermissionMap, undefined);
}

/** Failures are swallowed by the caller (spec: the notice-count failure is silent). */
export function fetchNoticeCount(): Promise<NoticeCount> {
  return callOperation(sessionOperations.currentNoticeCount, undefined, { silent: true });
}

/** The holidays of last, this and next year, keyed by date (status -1: every status). */
export function fetchHolidays(year: number): Promise<z.infer<typeof holidaysResponseSchema>> {
  return callOperation(sessionOperations.currentHolidays, { years: [year - 1, year, year + 1], status: -1 });
}

export type ShopTreeVariant = z.infer<typeof shopTreeVariantSchema>;

export function fetchOrgTree(): Promise<TreeNode[]> {
  return callOperation(orgOperations.currentOrgtree, undefined);
}

export function fetchShopTree(variant: ShopTreeVariant = 'all'): Promise<TreeNode[]> {
  return callOperation(orgOperations.currentShoptree2, { variant });
}

export function fetchCameraTree(): Promise<TreeNode[]> {
  return callOperation(orgOperations.currentCameratree2, undefined);
}

export function fetchCityTree(): Promise<CityNode[]> {
  return callOperation(orgOperations.currentGetCityTree, undefined);
}

export function fetchLanguageDictionary(): Promise<z.infer<typeof langDicResponseSchema>> {
  return callOperation(sessionOperations.currentGetLangDic, undefined);
}

export function fetchSpecialPower(): Promise<z.infer<typeof specialPowerResponseSchema>> {
  return callOperation(sessionOperations.currentGetSpecialPower, undefined);
}

export function fetchRetentionDays(): Promise<z.infer<typeof retentionDaysResponseSchema>> {
  return callOperation(sessionOperations.currentGetTSRetentionDays, undefined);
}

export function signOut(): Promise<null> {
  return callOperation(authOperations.logout, undefined, { silent: true });
}
