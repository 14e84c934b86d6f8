import type { OperationGuard } from '../platform/operation.ts';
import { type PermissionKey, SETTINGS_PAGE_FLAGS } from '../platform/permissions.ts';
import { RoleId } from '../platform/roles.ts';

/**
 * Who may do what with sales (spec section 6): the sales settings (POS data and templates) need
 * `cueretail_pos_upload_manage`, changes the POS upload feature key as well, and the observer is
 * barred from the sales settings whatever its map says. The analytics pages sit under the sale tab.
 */
export const POS_UPLOAD_PERMISSIONS: readonly PermissionKey[] = ['cueretail_pos_upload_manage', 'pos_upload'];

export const salesSettingsGuard: OperationGuard = { auth: 'customer', permission: SETTINGS_PAGE_FLAGS.salesData, barRoles: [RoleId.observer] };
export const salesSettingsChangeGuard: OperationGuard = {
  auth: 'customer',
  permission: [...SETTINGS_PAGE_FLAGS.salesData, ...POS_UPLOAD_PERMISSIONS],
  barRoles: [RoleId.observer],
};
/** The POS template is one for the whole customer: only callers who see the whole customer change it. */
export const salesTemplateChangeGuard: OperationGuard = { ...salesSettingsChangeGuard, wholeCustomer: true };
export const salesAnalyticsGuard: OperationGuard = { auth: 'customer', permission: 'sale_nav' };
/** Sales tables leave the system as files under the same data-download key as traffic ones (spec section 6 has no sales download key). */
export const salesDownloadGuard: OperationGuard = { auth: 'customer', permission: ['sale_nav', 'flowdata_download'] };
/** The reporting currency and the exchange rates hold for the whole customer: only callers who see the whole customer change them. */
export const moneySettingsChangeGuard: OperationGuard = { ...salesSettingsChangeGuard, wholeCustomer: true };
