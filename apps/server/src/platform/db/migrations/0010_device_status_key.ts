import { type Kysely, sql } from 'kysely';

/** The permission key added with this migration (contracts MENU_FLAGS). */
export const DEVICE_STATUS_KEY = 'cueretail_device_status';

/**
 * Device status gets its own permission key (issue 11). Before, every role could open it, and a
 * key missing from a stored custom role reads as hidden: without this migration an upgrade would
 * silently take device status away from every custom role. A customer expects an upgrade to keep
 * what their people could do, so stored custom roles get the key shown, except a role whose every
 * key is hidden: its author meant it to see nothing, and device status was the leak the new key
 * closes. System roles take the key from their defaults (contracts defaultPrivileges) and are left
 * alone. A role that already names the key (written by a newer server) keeps its value.
 */
/** The stored custom roles with their privileges read; an unreadable map reads as all hidden and is left as it is. */
async function storedCustomRoles(db: Kysely<unknown>): Promise<{ customer_id: string; id: number; stored: Record<string, unknown> }[]> {
  const { rows } = await sql<{
    customer_id: string;
    id: number;
    privileges: string;
  }>`select customer_id, id, privileges from roles where is_system = 0`.execute(db);
  const roles: { customer_id: string; id: number; stored: Record<string, unknown> }[] = [];
  for (const role of rows) {
    try {
      const stored: unknown = JSON.parse(role.privileges);
      if (typeof stored === 'object' && stored !== null) roles.push({ customer_id: role.customer_id, id: role.id, stored: stored as Record<string, unknown> });
    } catch {
      // Nothing to carry over.
    }
  }
  return roles;
}

async function storePrivileges(db: Kysely<unknown>, role: { customer_id: string; id: number }, privileges: Record<string, unknown>): Promise<void> {
  await sql`update roles set privileges = ${JSON.stringify(privileges)} where customer_id = ${role.customer_id} and id = ${role.id}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const role of await storedCustomRoles(db)) {
    if (DEVICE_STATUS_KEY in role.stored) continue;
    const seesSomething = Object.values(role.stored).some((value) => value === 0);
    if (seesSomething) await storePrivileges(db, role, { ...role.stored, [DEVICE_STATUS_KEY]: 0 });
  }
}

/** Going back drops the key from custom roles; the older server does not know it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const role of await storedCustomRoles(db)) {
    if (!(DEVICE_STATUS_KEY in role.stored)) continue;
    const { [DEVICE_STATUS_KEY]: _dropped, ...rest } = role.stored;
    await storePrivileges(db, role, rest);
  }
}
