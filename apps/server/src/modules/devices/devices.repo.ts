import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export function devicesRepo(scope: TenantScope) {
  return {
    shopExists: async (shopId: string) => (await scope.selectFrom('shops').select('id').where('id', '=', shopId).executeTakeFirst()) !== undefined,
    insertBox: (row: {
      id: string;
      shop_id: string;
      mac: string;
      name: string;
      token_hash: string;
      activated: number;
      last_report_at: null;
      created_at: string;
    }) => scope.insertInto('boxes', [row]).execute(),
    insertCamera: (row: {
      id: string;
      shop_id: string;
      box_id: string;
      name: string;
      number: string;
      deployment_area: string | null;
      enabled: number;
      last_report_at: null;
      created_at: string;
    }) => scope.insertInto('cameras', [row]).execute(),
  };
}
