import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import type { CameraRow, OrgRow, ShopRow } from './tree.ts';

export function orgRepo(scope: TenantScope) {
  return {
    orgs: (): Promise<OrgRow[]> => scope.selectFrom('orgs').select(['id', 'parent_id', 'name', 'orgcode', 'level']).execute(),
    shops: (): Promise<ShopRow[]> => scope.selectFrom('shops').select(['id', 'org_id', 'name', 'number', 'status', 'closed_at', 'time_zone']).execute(),
    cameras: (): Promise<CameraRow[]> => scope.selectFrom('cameras').select(['id', 'shop_id', 'name', 'number']).where('enabled', '=', 1).execute(),
    shopIdsWithBoxes: async (): Promise<Set<string>> =>
      new Set((await scope.selectFrom('boxes').select('shop_id').distinct().execute()).map((row) => row.shop_id)),
  };
}
