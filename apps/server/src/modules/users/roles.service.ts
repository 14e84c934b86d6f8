import { FIRST_CUSTOM_ROLE_ID, type PermissionMap } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';

/** Custom roles of a customer; the administration issue adds the screens, copy and delete. */
export function createRolesService(deps: { db: DB }) {
  const { db } = deps;
  return {
    async createCustomRole(customerId: string, name: string, privileges: Partial<PermissionMap>): Promise<number> {
      const scope = tenantScope(db, customerId);
      // Two concurrent creations could pick the same id; the primary key then refuses the second.
      const top = await scope
        .selectFrom('roles')
        .select((eb) => eb.fn.max('id').as('maxId'))
        .executeTakeFirst();
      const id = Math.max(FIRST_CUSTOM_ROLE_ID, Number(top?.maxId ?? 0) + 1);
      await scope.insertInto('roles', [{ id, name, is_system: 0, privileges: JSON.stringify(privileges), updated_at: nowIso() }]).execute();
      return id;
    },
  };
}
