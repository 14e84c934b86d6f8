import type { RolesTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export function rolesRepo(scope: TenantScope) {
  return {
    all: () => scope.selectFrom('roles').selectAll().orderBy('id').execute(),
    find: (roleId: number) => scope.selectFrom('roles').selectAll().where('id', '=', roleId).executeTakeFirst(),
    async maxId(): Promise<number> {
      const top = await scope
        .selectFrom('roles')
        .select((eb) => eb.fn.max('id').as('maxId'))
        .executeTakeFirst();
      return Number(top?.maxId ?? 0);
    },
    insert: (row: Omit<RolesTable, 'customer_id'>) => scope.insertInto('roles', [row]).execute(),
    update: (roleId: number, fields: Partial<Pick<RolesTable, 'name' | 'privileges' | 'updated_at'>>) =>
      scope.updateTable('roles').set(fields).where('id', '=', roleId).execute(),
    delete: (roleId: number) => scope.deleteFrom('roles').where('id', '=', roleId).execute(),
    async memberCounts(): Promise<Map<number, number>> {
      const rows = await scope
        .selectFrom('memberships')
        .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('role_id')
        .execute();
      return new Map(rows.map((row) => [row.role_id, Number(row.n)]));
    },
    inUse: async (roleId: number) => (await scope.selectFrom('memberships').select('user_id').where('role_id', '=', roleId).executeTakeFirst()) !== undefined,
  };
}
