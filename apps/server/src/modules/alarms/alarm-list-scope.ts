import { ALARM_LIMITS } from '@storelens/contracts';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { badRequest } from '../../platform/http/errors.ts';

const DAY = 86_400_000;

/**
 * The stores an alarm list reads, after its date range is checked (at most ALARM_LIMITS.rangeMaxDays):
 * the named ones (each within the caller's scope, or not found), else every store the caller sees
 * (null: the whole customer). The alarm list and the incident-report list ask the same.
 */
export async function listedAlarmShops(db: DB, actor: CustomerActor, input: { startDate: string; endDate: string; shopIds?: string[] | undefined }) {
  const span = (Date.parse(input.endDate) - Date.parse(input.startDate)) / DAY + 1;
  if (!(span >= 1 && span <= ALARM_LIMITS.rangeMaxDays)) throw badRequest('errors.timeSelectionError', { days: ALARM_LIMITS.rangeMaxDays });
  const access = accessOf(db, actor);
  const scope = await access.scope();
  const named = input.shopIds && input.shopIds.length > 0 ? await access.shopIds(input.shopIds) : null;
  return named ?? (scope.shopIds === null ? null : scope.visibleShopIds);
}
