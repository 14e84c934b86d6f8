import { resolveActor } from '../../platform/authz/actor.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { asOf, now } from '../../platform/time/clock.ts';
import { addDays, todayIn, utcOfLocal } from '../../platform/time/local-time.ts';
import type { DeviceApiService } from '../device-api/device-api.service.ts';
import { occurrenceScheduling } from '../inspection/inspection.jobs.ts';
import { createPlansService } from '../inspection/plans.service.ts';
import { createShopGroupsService } from '../org/shop-groups.service.ts';
import { createWarehouseService } from '../warehouse/warehouse.service.ts';
import { createCheckWork } from '../warehouse/warehouse-checks.ts';
import { demoTenantRepo } from './demo.repo.ts';
import { rng } from './simulator-random.ts';

/** Past days of warehouse checks: a fortnight is enough for the analysis's week and its trend. */
export const WAREHOUSE_HISTORY_MAX_DAYS = 14;
export const WAREHOUSE_PLAN = 'Stock room checks';
/** The stores whose stock rooms the demo plan checks (their store manager handles SH-001). */
export const WAREHOUSE_STORES: readonly string[] = ['SH-001', 'SH-002', 'SH-003'];
/** The demo's check times (store-local): opening, after the lunch delivery, before closing. */
const CHECK_TIMES = ['10:00', '14:00', '19:00'];
const WINDOW_MINUTES = 60;
const MINUTE = 60_000;

/** What the box's AI and the people find wrong in a stock room. */
const AI_NOTES = ['Cartons stacked in the aisle', 'Pallet in front of the fire door'];
const REMARKS = ['Boxes left on the floor by the delivery', 'Stock room door propped open', 'Shelf label missing on the drinks rack'];

export interface DemoWarehouseStore {
  shopId: string;
  number: string;
  timeZone: string;
  boxId: string;
  /** The stock-room camera: a camera of the store's box. */
  cameraId: string;
}

/**
 * Warehouse patrol in the demo (issue 16 section 2), through the services as it would have
 * happened: the administrator makes a warehouse plan of a few stores' stock-room cameras two weeks
 * back; each past day the engine's occurrence is made, the scan makes its checks at the store's
 * midnight, the box's AI sends its result for most checks (device API, `warehouseCheck`), a
 * handler judges some of the rest on the day page, and the others are missed; the day's scan then
 * completes the assignment. Frames are left to the running server's scan, which takes them from the
 * demo recordings (the last two days) and marks older checks 'no recording'.
 */
export async function seedDemoWarehouse(
  deps: { db: DB; storage: ObjectStorage; deviceApi: Pick<DeviceApiService, 'receiveBatch'> },
  customer: { customerId: string; adminUserId: string; storeManagerId: string | undefined; stores: readonly DemoWarehouseStore[] },
  options: { days: number; seed: number; until: Date },
): Promise<{ checks: number; aiResults: number; personResults: number }> {
  const days = Math.min(options.days, WAREHOUSE_HISTORY_MAX_DAYS);
  const outcome = { checks: 0, aiResults: 0, personResults: 0 };
  if (customer.stores.length === 0) return outcome;
  const { db, storage } = deps;
  const plans = createPlansService({ db, shopGroups: createShopGroupsService({ db }), occurrences: occurrenceScheduling(db) });
  const warehouse = createWarehouseService({ db, storage, plans });
  // The seed asks for no frame: a queue that keeps nothing (the server's own scan asks again).
  const work = createCheckWork({
    db,
    storage,
    frames: { frameAt: () => Promise.reject(new Error('the demo seed takes no frames')) },
    queue: { enqueue: () => Promise.resolve(undefined) },
  });
  const actorOf = async (userId: string): Promise<CustomerActor> => {
    const actor = await resolveActor(db, userId, customer.customerId);
    if (!actor) throw new Error(`demo warehouse: ${userId} is not a member`);
    return actor;
  };
  const admin = await actorOf(customer.adminUserId);
  const storeManager = customer.storeManagerId ? await actorOf(customer.storeManagerId) : null;
  const zone = customer.stores[0]?.timeZone ?? 'UTC';
  const today = todayIn(zone, options.until);
  const validFrom = addDays(today, -days);
  const handlerIds = [customer.adminUserId, ...(customer.storeManagerId ? [customer.storeManagerId] : [])];
  // Made the evening before its first day, so that day's checks were due.
  const { planId } = await asOf(utcOfLocal(zone, addDays(validFrom, -1), 18), () =>
    warehouse.planAdd(admin, {
      name: WAREHOUSE_PLAN,
      description: 'The stock room seen by its camera at opening, after the lunch delivery and before closing',
      shopIds: customer.stores.map((store) => store.shopId),
      cameraIds: customer.stores.map((store) => store.cameraId),
      checkTimes: CHECK_TIMES,
      windowMinutes: WINDOW_MINUTES,
      validFrom,
      validTo: addDays(today, 90),
      handlerIds,
    }),
  );
  const plan = await demoTenantRepo(tenantScope(db, customer.customerId)).planNamed(WAREHOUSE_PLAN);
  if (!plan) throw new Error('demo warehouse: the plan was not saved');
  const occurrences = occurrenceScheduling(db);
  const random = rng(options.seed * 104_729 + 3);
  const zones = [...new Set(customer.stores.map((store) => store.timeZone))].sort();

  for (let back = days; back >= 0; back -= 1) {
    for (const timeZone of zones) {
      const date = addDays(todayIn(timeZone, options.until), -back);
      await occurrences.generate({ customerId: customer.customerId, planId, timeZone, date, version: plan.updated_at });
      // The scan just after the store's midnight makes the day's checks.
      await asOf(Math.min(utcOfLocal(timeZone, date, 0, 5), options.until.getTime()), () => work.scan(now()));
    }
    if (back === 0) break;
    for (const store of customer.stores) {
      const date = addDays(todayIn(store.timeZone, options.until), -back);
      const day = await warehouse.singleDay(admin, { shopId: store.shopId, date });
      for (const check of day.checks) {
        outcome.checks += 1;
        const due = Date.parse(check.dueAt);
        const roll = random();
        if (roll < 0.6) {
          // The box's AI looks a few minutes after the time and reports; one in ten finds a problem.
          const fail = random() < 0.1;
          await asOf(due + 4 * MINUTE, () =>
            deps.deviceApi.receiveBatch(
              { customerId: customer.customerId, boxId: store.boxId, shopId: store.shopId },
              {
                batchId: `warehouse-${check.checkId}`,
                events: [
                  {
                    type: 'warehouseCheck',
                    cameraId: store.cameraId,
                    at: new Date(due + 3 * MINUTE).toISOString(),
                    result: fail ? 'fail' : 'pass',
                    ...(fail ? { note: AI_NOTES[Math.floor(random() * AI_NOTES.length)] } : {}),
                  },
                ],
              },
            ),
          );
          outcome.aiResults += 1;
        } else if (roll < 0.88) {
          // A handler looks at the frame on the day page; the store manager in their store.
          const judge = store.number === 'SH-001' && storeManager ? storeManager : admin;
          const fail = random() < 0.2;
          await asOf(due + (10 + random() * 40) * MINUTE, () =>
            warehouse.judge(judge, {
              checkId: check.checkId,
              result: fail ? 'fail' : 'pass',
              ...(fail ? { remark: REMARKS[Math.floor(random() * REMARKS.length)] } : {}),
            }),
          );
          outcome.personResults += 1;
        }
        // Otherwise nobody looked in time: the check is missed.
      }
    }
    // The scan after the day's last window completes each store's assignment.
    for (const timeZone of zones) await asOf(utcOfLocal(timeZone, addDays(todayIn(timeZone, options.until), -back), 23, 30), () => work.scan(now()));
  }
  return outcome;
}
