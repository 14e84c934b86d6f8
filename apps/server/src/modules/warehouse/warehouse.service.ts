import {
  type DeviceWarehousePlan,
  type Locale,
  type OperationInput,
  type PatrolAnalysis,
  type PatrolCounts,
  periodMinutes,
  RoleId,
  type SingleDay,
  WAREHOUSE_LIMITS,
  type WarehouseCheck,
  type WarehousePatrolServiceStatus,
  type warehouseOperations,
} from '@storelens/contracts';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadFile, DownloadStream } from '../../platform/http/download.ts';
import { badRequest, notFound, refused } from '../../platform/http/errors.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { datesOf, rangeDays } from '../../platform/time/local-time.ts';
import { personName } from '../inspection/plan-input.ts';
import { percent } from '../inspection/plan-status.ts';
import type { PlansService } from '../inspection/plans.service.ts';
import { type CheckCountsRow, warehouseRepo } from './warehouse.repo.ts';
import { patrolWorkbook } from './warehouse-export.ts';

type PlanAddInput = OperationInput<typeof warehouseOperations.planAdd>;
type AnalysisInput = OperationInput<typeof warehouseOperations.patrolAnalysis>;
type JudgeInput = OperationInput<typeof warehouseOperations.checkJudge>;

const DAY_MS = 86_400_000;
/** The catalogue's look back for missed checks. */
const STATUS_DAYS = 7;

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function countsOf(row: CheckCountsRow | undefined): PatrolCounts {
  const value = (sum: number | string | null | undefined) => Number(sum ?? 0);
  const passed = value(row?.passed);
  const done = value(row?.done);
  return {
    checks: value(row?.checks),
    done,
    passed,
    failed: value(row?.failed),
    missed: value(row?.missed),
    pending: value(row?.pending),
    noVideo: value(row?.no_video),
    passRate: percent(passed, done),
  };
}

const ZERO: PatrolCounts = { checks: 0, done: 0, passed: 0, failed: 0, missed: 0, pending: 0, noVideo: 0, passRate: null };
function addCounts(total: PatrolCounts, row: PatrolCounts): PatrolCounts {
  const sum = {
    checks: total.checks + row.checks,
    done: total.done + row.done,
    passed: total.passed + row.passed,
    failed: total.failed + row.failed,
    missed: total.missed + row.missed,
    pending: total.pending + row.pending,
    noVideo: total.noVideo + row.noVideo,
  };
  return { ...sum, passRate: percent(sum.passed, sum.done) };
}

/**
 * The active warehouse plans a box judges (its part of GET /api/device/v1/config): the plans on
 * the box's enabled cameras that have not ended, with those cameras, the check times and the
 * window. None once the shop is closed (its plans' checks stop with it).
 */
export async function warehousePlansOfBox(db: DB, customerId: string, boxId: string, shopClosed: boolean): Promise<DeviceWarehousePlan[]> {
  if (shopClosed) return [];
  const rows = await warehouseRepo(tenantScope(db, customerId)).activePlansOfBox(boxId, nowIso());
  const plans = new Map<string, DeviceWarehousePlan>();
  for (const row of rows) {
    const plan = plans.get(row.plan_id) ?? {
      planId: row.plan_id,
      name: row.name,
      cameraIds: [],
      checkTimes: JSON.parse(row.check_times) as string[],
      windowMinutes: row.window_minutes,
      validFrom: row.valid_from,
      validTo: row.valid_to,
    };
    plan.cameraIds.push(row.camera_id);
    plans.set(row.plan_id, plan);
  }
  return [...plans.values()];
}

/**
 * Warehouse patrol (issue 16 section 2) for people: warehouse plans made through the inspection
 * engine's plans service (type 'warehouse', daily over the validity, no SOP items), the analysis
 * of their checks per store and day, one store-day's timeline with its screenshots, and the
 * person's result of a check awaiting one (its plan's handlers, while its window is open). Stores
 * and cameras through the access module: what lies outside the caller's stores is not found.
 */
export function createWarehouseService(deps: { db: DB; storage: ObjectStorage; plans: Pick<PlansService, 'add'> }) {
  const { db, storage } = deps;
  const repoOf = (customerId: string, on: DB = db) => warehouseRepo(tenantScope(on, customerId));

  /** The caller's stores among those asked for (null: all of the customer, when the caller sees all). */
  async function shopsOf(actor: CustomerActor, shopIds: readonly string[] | undefined): Promise<string[] | null> {
    const access = accessOf(db, actor);
    if (shopIds && shopIds.length > 0) return access.shopIds(shopIds);
    const scope = await access.scope();
    return scope.limited ? scope.visibleShopIds : null;
  }

  function checkRange(input: { startDate: string; endDate: string }): void {
    if (input.endDate < input.startDate || rangeDays(input.startDate, input.endDate) > WAREHOUSE_LIMITS.rangeMaxDays)
      throw badRequest('errors.timeSelectionError', { days: WAREHOUSE_LIMITS.rangeMaxDays });
  }

  async function analysis(actor: CustomerActor, input: AnalysisInput): Promise<PatrolAnalysis> {
    checkRange(input);
    const shopIds = await shopsOf(actor, input.shopIds);
    if (shopIds !== null && shopIds.length === 0)
      return { totals: ZERO, trend: datesOf(input.startDate, input.endDate).map((date) => ({ date, done: 0, passed: 0, failed: 0, missed: 0 })), days: [] };
    const rows = await repoOf(actor.customerId).dayCounts({ startDate: input.startDate, endDate: input.endDate, shopIds }, nowIso());
    const days = rows.map((row) => ({ shopId: row.shop_id, shopName: row.shop_name, date: row.check_date, ...countsOf(row) }));
    const byDate = new Map<string, PatrolCounts>();
    for (const day of days) byDate.set(day.date, addCounts(byDate.get(day.date) ?? ZERO, day));
    return {
      totals: days.reduce<PatrolCounts>((total, day) => addCounts(total, day), ZERO),
      trend: datesOf(input.startDate, input.endDate).map((date) => {
        const counts = byDate.get(date) ?? ZERO;
        return { date, done: counts.done, passed: counts.passed, failed: counts.failed, missed: counts.missed };
      }),
      days,
    };
  }

  async function singleDay(actor: CustomerActor, input: { shopId: string; date: string }): Promise<SingleDay> {
    await accessOf(db, actor).requireShop(input.shopId);
    const repo = repoOf(actor.customerId);
    const shop = await repo.shop(input.shopId);
    if (!shop) throw notFound();
    const at = nowIso();
    const rows = await repo.dayChecks(input.shopId, input.date);
    const handled = await repo.handledPlans(actor.userId, [...new Set(rows.map((row) => row.plan_id))]);
    const mayJudge = actor.roleId !== RoleId.observer;
    const checks: WarehouseCheck[] = rows.map((row) => {
      const open = row.window_end > at;
      const come = row.due_at <= at;
      return {
        checkId: row.id,
        planId: row.plan_id,
        planName: row.plan_name,
        cameraId: row.camera_id,
        cameraName: row.camera_name,
        checkTime: row.check_time,
        dueAt: row.due_at,
        windowEnd: row.window_end,
        state: row.result === 'pass' ? 'passed' : row.result === 'fail' ? 'failed' : !come ? 'upcoming' : open ? 'pending' : 'missed',
        capture: row.capture_status,
        result: row.result,
        resultSource: row.result_source,
        remark: row.remark,
        decidedBy: row.surname !== null && row.given_name !== null ? personName({ surname: row.surname, given_name: row.given_name }) : null,
        decidedAt: row.decided_at,
        canJudge: mayJudge && come && open && row.result === null && handled.has(row.plan_id),
      };
    });
    const counts = checks.reduce<PatrolCounts>(
      (total, check) =>
        check.state === 'upcoming'
          ? total
          : addCounts(total, {
              checks: 1,
              done: check.result ? 1 : 0,
              passed: check.state === 'passed' ? 1 : 0,
              failed: check.state === 'failed' ? 1 : 0,
              missed: check.state === 'missed' ? 1 : 0,
              pending: check.state === 'pending' ? 1 : 0,
              noVideo: check.capture === 'noVideo' ? 1 : 0,
              passRate: null,
            }),
      ZERO,
    );
    return { shopId: shop.id, shopName: shop.name, date: input.date, timeZone: shop.time_zone, counts, checks };
  }

  /** A check the caller may see (its store in their scope). */
  async function visibleCheck(actor: CustomerActor, checkId: string) {
    const check = await repoOf(actor.customerId).check(checkId);
    if (!check) throw notFound();
    await accessOf(db, actor).requireShop(check.shop_id);
    return check;
  }

  return {
    async planAdd(actor: CustomerActor, input: PlanAddInput): Promise<{ planId: string }> {
      const shopIds = await accessOf(db, actor).shopIds(input.shopIds);
      const cameraShops = await accessOf(db, actor).cameras(input.cameraIds);
      const cameraIds = [...cameraShops.keys()];
      // A camera of a store outside the plan is a mistake in the form, not a camera to drop silently.
      if (cameraIds.some((id) => !shopIds.includes(cameraShops.get(id) ?? ''))) throw badRequest('validation.invalidValue', { field: 'cameraIds' });
      const covered = new Set(cameraShops.values());
      const bare = shopIds.find((id) => !covered.has(id));
      if (bare) {
        const shop = await repoOf(actor.customerId).shop(bare);
        throw refused('warehouse.storeWithoutCamera', { shop: shop?.name ?? bare });
      }
      const times = [...new Set(input.checkTimes)].sort();
      const windowMinutes = input.windowMinutes ?? WAREHOUSE_LIMITS.windowMinutesDefault;
      const last = periodMinutes(times.at(-1) ?? '00:00') + windowMinutes;
      // A check belongs to its store-local date: its window ends by that day's midnight.
      if (last > 24 * 60) throw refused('warehouse.windowPastMidnight');
      return deps.plans.add(
        actor,
        {
          name: input.name,
          kind: 'cyclic',
          description: input.description ?? '',
          shopIds,
          shopGroupIds: [],
          itemIds: [],
          validFrom: input.validFrom,
          validTo: input.validTo,
          cycle: { frequency: 'daily' },
          // The engine's period spans the day's checks: from the first to the last one's window end.
          periodStart: times[0] ?? '00:00',
          periodEnd: hhmm(last),
          handlerIds: input.handlerIds,
          asDraft: false,
        },
        {
          planType: 'warehouse',
          write: async (trx, planId) => {
            const repo = repoOf(actor.customerId, trx);
            await repo.insertSettings(planId, times, windowMinutes);
            await repo.insertCameras(planId, cameraIds);
          },
        },
      );
    },

    analysis,

    async exportAnalysis(actor: CustomerActor, input: AnalysisInput, locale: Locale): Promise<DownloadFile> {
      const { days } = await analysis(actor, input);
      return { fileName: `warehouse-patrol-${input.startDate}-${input.endDate}.xlsx`, content: await patrolWorkbook(days, locale) };
    },

    singleDay,

    async checkImage(actor: CustomerActor, checkId: string): Promise<DownloadStream> {
      const check = await visibleCheck(actor, checkId);
      const key = check.storage_key;
      if (!key) throw notFound();
      const size = await storage.size(key);
      if (size === null) throw notFound();
      return {
        fileName: `${check.id}.jpg`,
        contentType: 'image/jpeg',
        size,
        inline: true,
        // A check's frame never changes once taken; the session check still runs on every request.
        cacheControl: 'private, max-age=86400',
        open: (range) => storage.read(key, range),
      };
    },

    /** A person's result: pass, or fail with a remark, once, while the window is open, by a handler of the plan. */
    async judge(actor: CustomerActor, input: JudgeInput): Promise<WarehouseCheck> {
      const check = await visibleCheck(actor, input.checkId);
      const repo = repoOf(actor.customerId);
      if (!(await repo.handledPlans(actor.userId, [check.plan_id])).has(check.plan_id)) throw refused('warehouse.notHandler');
      const at = nowIso();
      if (check.result !== null) throw refused('warehouse.alreadyDecided');
      if (check.due_at > at) throw refused('warehouse.notYet');
      if (check.window_end <= at) throw refused('warehouse.windowOver');
      const decided = await repo.decide(check.id, {
        result: input.result,
        result_source: 'person',
        remark: input.remark?.trim() || null,
        decided_by: actor.userId,
        decided_at: at,
      });
      // The box's AI (or another handler) was first: its result stands.
      if (!decided) throw refused('warehouse.alreadyDecided');
      const day = await singleDay(actor, { shopId: check.shop_id, date: check.check_date });
      const judged = day.checks.find((row) => row.checkId === check.id);
      if (!judged) throw notFound();
      return judged;
    },

    /** The catalogue's facts: plans and stores covered, checks awaiting a result now, checks missed in the last 7 days. */
    async serviceStatus(actor: CustomerActor): Promise<WarehousePatrolServiceStatus> {
      const shopIds = await shopsOf(actor, undefined);
      const repo = repoOf(actor.customerId);
      const at = now();
      const [plans, recent] = await Promise.all([
        repo.planStatus(shopIds),
        repo.recentCounts(shopIds, new Date(at.getTime() - STATUS_DAYS * DAY_MS).toISOString(), at.toISOString()),
      ]);
      const counts = countsOf(recent);
      return {
        service: 'warehousePatrol',
        setUp: plans.plans > 0,
        stores: plans.stores,
        plans: plans.plans,
        awaiting: counts.pending,
        missed7Days: counts.missed,
        passRate7Days: counts.passRate,
      };
    },
  };
}
export type WarehouseService = ReturnType<typeof createWarehouseService>;
