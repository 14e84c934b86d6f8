import type { DeviceEvent, WarehouseCheckEvent } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { warehouseRepo } from './warehouse.repo.ts';

/**
 * The box's AI's results of warehouse checks (device event `warehouseCheck`), in the device
 * batch's transaction: each names a camera of the box (checked with the batch) and an instant in
 * the window of that camera's check. The first result of a check stands, so a resend or a result
 * after a person's is a duplicate; one that falls in no check's window, or arrives after that window
 * ended (the check was missed, and missed stays missed), is ignored.
 */
export async function ingestWarehouseChecks(
  trx: DB,
  customerId: string,
  events: readonly DeviceEvent[],
  receivedAt: string,
): Promise<{ accepted: number; duplicates: number; ignored: number; warehouseCheck: number }> {
  const results = events.filter((event): event is WarehouseCheckEvent => event.type === 'warehouseCheck');
  const outcome = { accepted: 0, duplicates: 0, ignored: 0, warehouseCheck: 0 };
  if (results.length === 0) return outcome;
  const repo = warehouseRepo(tenantScope(trx, customerId));
  for (const event of results) {
    const at = new Date(Date.parse(event.at)).toISOString();
    const check = await repo.checkAt(event.cameraId, at, receivedAt);
    if (!check) {
      outcome.ignored += 1;
      continue;
    }
    const decided = await repo.decide(check.id, {
      result: event.result,
      result_source: 'ai',
      remark: event.note?.trim() || null,
      decided_by: null,
      decided_at: receivedAt,
    });
    if (decided) {
      outcome.accepted += 1;
      outcome.warehouseCheck += 1;
    } else outcome.duplicates += 1;
  }
  return outcome;
}
