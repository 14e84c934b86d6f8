import type { DB } from '../db/database.ts';
import type { DeviceContext } from '../http/context.ts';
import { sha256 } from '../ids.ts';

/** Device tokens are issued by modules/devices as `dev_` + 32 random bytes; only their SHA-256 is stored. */
export const DEVICE_TOKEN_PREFIX = 'dev_';

/**
 * Finds the box a device token belongs to. The lookup runs before any customer is known, so it is
 * the one query of the device path that is not tenant scoped: it answers the customer itself.
 */
export async function findDeviceByToken(db: DB, token: string): Promise<DeviceContext | null> {
  const row = await db.selectFrom('boxes').select(['customer_id', 'id', 'shop_id']).where('token_hash', '=', sha256(token)).executeTakeFirst();
  return row ? { customerId: row.customer_id, boxId: row.id, shopId: row.shop_id } : null;
}
