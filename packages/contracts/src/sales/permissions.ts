import type { OperationGuard } from '../platform/operation.ts';
import type { PermissionKey } from '../platform/permissions.ts';
import { RoleId } from '../platform/roles.ts';

/**
 * Who may do what with sales (spec section 6): the sales settings (POS data and templates) need
 * `cueretail_pos_upload_manage`, changes the POS upload feature key as well, and the observer is
 * barred from the sales settings whatever its map says. The analytics pages sit under the sale tab.
 */
export const POS_UPLOAD_PERMISSIONS: readonly PermissionKey[] = ['cueretail_pos_upload_manage', 'pos_upload'];

export const salesSettingsGuard: OperationGuard = { auth: 'customer', permission: 'cueretail_pos_upload_manage', barRoles: [RoleId.observer] };
export const salesSettingsChangeGuard: OperationGuard = { auth: 'customer', permission: POS_UPLOAD_PERMISSIONS, barRoles: [RoleId.observer] };
export const salesAnalyticsGuard: OperationGuard = { auth: 'customer', permission: 'sale_nav' };
/** Sales tables leave the system as files under the same data-download key as traffic ones (spec section 6 has no sales download key). */
export const salesDownloadGuard: OperationGuard = { auth: 'customer', permission: ['sale_nav', 'flowdata_download'] };
