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
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{
    customer_id: string;
    id: number;
    privileges: string;
  }>`select customer_id, id, privileges from roles where is_system = 0`.execute(db);
  for (const role of rows) {
    let stored: Record<string, unknown>;
    try {
      stored = JSON.parse(role.privileges) as Record<string, unknown>;
    } catch {
      continue; // Unreadable privileges read as all hidden; nothing to carry over.
    }
    if (typeof stored !== 'object' || stored === null || DEVICE_STATUS_KEY in stored) continue;
    const seesSomething = Object.values(stored).some((value) => value === 0);
    if (!seesSomething) continue;
    const next = JSON.stringify({ ...stored, [DEVICE_STATUS_KEY]: 0 });
    await sql`update roles set privileges = ${next} where customer_id = ${role.customer_id} and id = ${role.id}`.execute(db);
  }
}

/** Going back drops the key from custom roles; the older server does not know it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{
    customer_id: string;
    id: number;
    privileges: string;
  }>`select customer_id, id, privileges from roles where is_system = 0`.execute(db);
  for (const role of rows) {
    let stored: Record<string, unknown>;
    try {
      stored = JSON.parse(role.privileges) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (typeof stored !== 'object' || stored === null || !(DEVICE_STATUS_KEY in stored)) continue;
    const { [DEVICE_STATUS_KEY]: _dropped, ...rest } = stored;
    await sql`update roles set privileges = ${JSON.stringify(rest)} where customer_id = ${role.customer_id} and id = ${role.id}`.execute(db);
  }
}
