import { defaultPrivileges, SYSTEM_ROLE_IDS, SYSTEM_ROLE_LABELS } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { newId } from '../../platform/ids.ts';
import { nowIso } from '../../platform/time/clock.ts';

export interface NewCustomer {
  name: string;
  countries: string[];
  defaultTimeZone: string;
}

/** Operators create customers; each starts with the system roles and an organisation root. */
export function createCustomersService(deps: { db: DB }) {
  const { db } = deps;
  return {
    async createCustomer(input: NewCustomer): Promise<{ customerId: string; rootOrgId: string }> {
      const customerId = newId();
      const rootOrgId = newId();
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('customers')
          .values({ id: customerId, name: input.name, countries: JSON.stringify(input.countries), default_time_zone: input.defaultTimeZone, created_at: at })
          .execute();
        await trx
          .insertInto('roles')
          .values(
            SYSTEM_ROLE_IDS.map((rid) => ({
              customer_id: customerId,
              id: rid,
              name: SYSTEM_ROLE_LABELS[rid].en,
              is_system: 1,
              privileges: JSON.stringify(defaultPrivileges(rid)),
              updated_at: at,
            })),
          )
          .execute();
        await trx
          .insertInto('orgs')
          .values({ customer_id: customerId, id: rootOrgId, parent_id: null, name: input.name, level: 0, orgcode: 'ROOT', created_at: at })
          .execute();
      });
      return { customerId, rootOrgId };
    },
    findByName: (name: string) => db.selectFrom('customers').select(['id', 'name']).where('name', '=', name).executeTakeFirst(),
    count: async () =>
      Number(
        (
          await db
            .selectFrom('customers')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
