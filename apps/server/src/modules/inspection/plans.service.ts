import {
  type AssignmentRow,
  allowedPlanActions,
  type BatchRow,
  type InspectorRow,
  type OperationInput,
  type Page,
  PLAN_TRANSITIONS,
  type PlanAction,
  type PlanDetail,
  type PlanLifecycle,
  type PlanLogRow,
  type PlanRow,
  type Progress,
  planActionAllowed,
  type planOperations,
  rruleToCycle,
  type ShopProgressRow,
} from '@storelens/contracts';
import { accessOf, customerReach, type DataScope } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { noAuthority, notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import type { ShopGroupsService } from '../org/shop-groups.service.ts';
import type { OccurrenceService } from './occurrences.ts';
import { personName, type ResolvedPlan, resolvePlanInput } from './plan-input.ts';
import { percent, planStatusOf } from './plan-status.ts';
import { type AssignmentCounts, NO_COUNTS, type PlanRowStored, plansRepo } from './plans.repo.ts';
import { nameKey, sopRepo } from './sop.repo.ts';

type PlanAddInput = OperationInput<typeof planOperations.planAdd>;
type PlanUpdateInput = OperationInput<typeof planOperations.planUpdate>;
type PlanListInput = OperationInput<typeof planOperations.planList> & { page: number; pageSize: number };
type AssignmentListInput = OperationInput<typeof planOperations.assignmentList> & { page: number; pageSize: number };

function progressOf(counts: AssignmentCounts): Progress {
  return { done: counts.done, total: counts.total, rate: percent(counts.done, counts.total), passRate: percent(counts.passed, counts.passed + counts.failed) };
}

/** The plan row's own columns of a checked form (insert and update write the same ones). */
function planColumns(plan: ResolvedPlan) {
  return {
    name: plan.name,
    name_key: plan.nameKey,
    kind: plan.kind,
    description: plan.description,
    valid_from: plan.validFrom,
    valid_to: plan.validTo,
    rrule: plan.rrule,
    period_start: plan.periodStart,
    period_end: plan.periodEnd,
    starts_at: plan.startsAt,
    ends_at: plan.endsAt,
  };
}

/** A plan of another type of the engine: its type and the settings it writes beside the plan. */
export interface PlanTypeExtension {
  planType: Exclude<PlanRowStored['plan_type'], 'patrol'>;
  write(trx: DB, planId: string): Promise<void>;
}

type Links = { shopIds: string[]; shopGroupIds: string[]; itemIds: string[]; handlerIds: string[] };

/** The fields the update log compares, as people read them: of a stored plan, or of a checked form. */
function loggedFields(plan: Omit<ReturnType<typeof planColumns>, 'name_key' | 'starts_at' | 'ends_at'> & Links) {
  return {
    name: plan.name,
    kind: plan.kind,
    description: plan.description,
    validFrom: plan.valid_from,
    validTo: plan.valid_to,
    rrule: plan.rrule,
    periodStart: plan.period_start,
    periodEnd: plan.period_end,
    shopIds: plan.shopIds,
    shopGroupIds: plan.shopGroupIds,
    itemIds: plan.itemIds,
    handlerIds: plan.handlerIds,
  };
}
const formFields = (plan: ResolvedPlan) => loggedFields({ ...planColumns(plan), ...plan });

function changesBetween(before: Record<string, unknown> | null, after: Record<string, unknown>) {
  return Object.entries(after)
    .filter(([field, value]) => before === null || JSON.stringify(before[field]) !== JSON.stringify(value))
    .map(([field, value]) => ({ field, old: before ? (before[field] ?? null) : null, new: value }));
}

/**
 * Inspection plans (issue 14 section 2): single and cyclic plans over the caller's stores, their
 * states and the actions the transition table allows (contracts plan-states.ts, enforced here),
 * an update log, and progress and pass rate per plan, phase and store read from the assignments.
 * A caller sees a plan when they see one of its stores (progress then counts their stores only);
 * changing a plan needs every one of its stores in the caller's scope.
 */
export function createPlansService(deps: { db: DB; shopGroups: ShopGroupsService; occurrences: Pick<OccurrenceService, 'scanPlan'> }) {
  const { db } = deps;
  /** A plan that may have work today gets it now (a job the worker runs), not at the next quarter-hour scan. */
  const scheduleNow = (customerId: string, planId: string) => deps.occurrences.scanPlan(customerId, planId, now());
  const repoOf = (customerId: string, on: DB = db) => plansRepo(tenantScope(on, customerId));

  /** Null: every shop. */
  const visibleShopIds = (scope: DataScope): string[] | null => (scope.limited ? scope.visibleShopIds : null);

  async function planShopIds(customerId: string, planIds: readonly string[]): Promise<Map<string, string[]>> {
    const byPlan = new Map<string, string[]>();
    for (const link of await repoOf(customerId).shopLinks(planIds)) byPlan.set(link.plan_id, [...(byPlan.get(link.plan_id) ?? []), link.shop_id]);
    return byPlan;
  }

  /** The plan, if the caller sees it (one of its stores, or they founded it). */
  async function visiblePlan(actor: CustomerActor, planId: string, includeDeleted = false) {
    const plan = await repoOf(actor.customerId).plan(planId);
    if (!plan || (plan.lifecycle === 'deleted' && !includeDeleted)) throw notFound();
    const scope = await accessOf(db, actor).scope();
    const shopIds = (await planShopIds(actor.customerId, [plan.id])).get(plan.id) ?? [];
    if (plan.created_by !== actor.userId && !shopIds.some((id) => scope.canSeeShop(id))) throw notFound();
    return { plan, shopIds, scope };
  }

  async function statusOf(customerId: string, plan: PlanRowStored) {
    const counts = (await repoOf(customerId).countsByPlan([plan.id], null)).get(plan.id) ?? NO_COUNTS;
    return planStatusOf({ lifecycle: plan.lifecycle, kind: plan.kind, startsAt: plan.starts_at, endsAt: plan.ends_at, ...counts }, now().getTime());
  }

  /** Checks the action against the transition table and the caller's reach over the plan's stores. */
  async function actionable(actor: CustomerActor, planId: string, action: PlanAction) {
    // A deleted plan is found, so that the caller hears it cannot be changed rather than that it never was.
    const found = await visiblePlan(actor, planId, true);
    if (found.shopIds.some((id) => !found.scope.canSeeShop(id))) throw noAuthority();
    // A warehouse plan's cameras and times are not in the patrol form: it is paused, deleted or made anew.
    if (action === 'modify' && found.plan.plan_type !== 'patrol') throw refused('warehouse.modifyRefused');
    const status = await statusOf(actor.customerId, found.plan);
    if (!planActionAllowed(status, action)) throw refused('inspection.planActionRefused', {}, { status, actions: allowedPlanActions(status) });
    return { ...found, status, target: PLAN_TRANSITIONS[status][action] as PlanLifecycle };
  }

  async function writeLinks(customerId: string, on: DB, planId: string, plan: ResolvedPlan): Promise<void> {
    const repo = repoOf(customerId, on);
    await repo.replaceShops(planId, plan.shopIds);
    await repo.replaceGroups(planId, plan.shopGroupIds);
    await repo.replaceItems(planId, plan.itemIds);
    await repo.replaceHandlers(planId, plan.handlerIds);
  }

  async function currentLinks(customerId: string, planId: string) {
    const repo = repoOf(customerId);
    const [shops, groups, items, handlers] = await Promise.all([
      repo.shopLinks([planId]),
      repo.groupLinks(planId),
      repo.itemLinks([planId]),
      repo.handlerLinks([planId]),
    ]);
    return {
      shopIds: shops.map((link) => link.shop_id).sort(),
      shopGroupIds: groups.map((link) => link.group_id),
      itemIds: items.map((link) => link.item_id),
      handlerIds: handlers.map((link) => link.user_id).sort(),
    };
  }

  const log = (customerId: string, on: DB, planId: string, userId: string | null, action: PlanLogRow['action'], changes: unknown[]) =>
    repoOf(customerId, on).insertLog({ id: newId(), plan_id: planId, user_id: userId, action, changes: JSON.stringify(changes), created_at: nowIso() });

  async function uniquely<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw refused('inspection.planNameExists');
      throw error;
    }
  }

  /** Rows of the list and the detail: names of people, counts, state and allowed actions. */
  async function presentPlans(actor: CustomerActor, plans: PlanRowStored[], scope: DataScope): Promise<PlanRow[]> {
    const repo = repoOf(actor.customerId);
    const ids = plans.map((plan) => plan.id);
    const [shopsOf, handlerLinks, itemLinks, members, allCounts, myCounts] = await Promise.all([
      planShopIds(actor.customerId, ids),
      repo.handlerLinks(ids),
      repo.itemLinks(ids),
      repo.members(),
      repo.countsByPlan(ids, null),
      scope.limited ? repo.countsByPlan(ids, scope.visibleShopIds) : Promise.resolve(null),
    ]);
    const nameOf = new Map(members.map((member) => [member.user_id, personName(member)]));
    const at = now().getTime();
    return plans.map((plan) => {
      const counts = allCounts.get(plan.id) ?? NO_COUNTS;
      const status = planStatusOf({ lifecycle: plan.lifecycle, kind: plan.kind, startsAt: plan.starts_at, endsAt: plan.ends_at, ...counts }, at);
      return {
        planId: plan.id,
        name: plan.name,
        kind: plan.kind,
        planType: plan.plan_type,
        status,
        actions: allowedPlanActions(status).filter((action) => action !== 'modify' || plan.plan_type === 'patrol'),
        validFrom: plan.valid_from,
        validTo: plan.valid_to,
        cycle: plan.rrule ? rruleToCycle(plan.rrule) : null,
        rrule: plan.rrule,
        periodStart: plan.period_start,
        periodEnd: plan.period_end,
        storeCount: (shopsOf.get(plan.id) ?? []).length,
        itemCount: itemLinks.filter((link) => link.plan_id === plan.id).length,
        handlers: handlerLinks.filter((link) => link.plan_id === plan.id).map((link) => ({ userId: link.user_id, name: nameOf.get(link.user_id) ?? '' })),
        founder: { userId: plan.created_by, name: nameOf.get(plan.created_by) ?? '' },
        progress: progressOf(myCounts ? (myCounts.get(plan.id) ?? NO_COUNTS) : counts),
        createdAt: plan.created_at,
        updatedAt: plan.updated_at,
      };
    });
  }

  return {
    async isPlanNameExist(actor: CustomerActor, input: { name: string; planId?: string | undefined }): Promise<{ exists: boolean }> {
      if (input.planId) await visiblePlan(actor, input.planId);
      const named = await repoOf(actor.customerId).planNamed(nameKey(input.name));
      return { exists: named !== undefined && named.id !== input.planId };
    },

    async inspectors(actor: CustomerActor, input: { shopIds: string[]; shopGroupIds: string[] }): Promise<InspectorRow[]> {
      const groups = input.shopGroupIds.length > 0 ? await deps.shopGroups.pickerGroups(actor) : [];
      const groupShops = input.shopGroupIds.flatMap((groupId) => groups.find((group) => group.groupId === groupId)?.shopIds ?? []);
      const shopIds = [...new Set([...(await accessOf(db, actor).shopIds(input.shopIds.length > 0 ? input.shopIds : undefined)), ...groupShops])];
      const [members, reach] = await Promise.all([repoOf(actor.customerId).members(), customerReach(db, actor.customerId)]);
      return members
        .filter((member) => member.enabled === 1 && member.account_enabled === 1)
        .map((member) => {
          const covered = shopIds.filter((shopId) => reach.covers(member, shopId)).length;
          return { member, covered };
        })
        .filter(({ covered }) => covered > 0)
        .map(({ member, covered }) => ({ userId: member.user_id, name: personName(member), roleId: member.role_id, coversAll: covered === shopIds.length }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    /**
     * A plan of the patrol type, or of another type of the engine (warehouse patrol, issue 16):
     * such a plan has no SOP items and writes its own settings in the same transaction.
     */
    async add(actor: CustomerActor, input: PlanAddInput, typed?: PlanTypeExtension): Promise<{ planId: string }> {
      const plan = await resolvePlanInput(deps, actor, input as Parameters<typeof resolvePlanInput>[2]);
      const planId = newId();
      const at = nowIso();
      await uniquely(() =>
        db.transaction().execute(async (trx) => {
          await repoOf(actor.customerId, trx).insertPlan({
            id: planId,
            ...planColumns(plan),
            lifecycle: input.asDraft ? 'draft' : 'active',
            plan_type: typed?.planType ?? 'patrol',
            created_by: actor.userId,
            created_at: at,
            updated_at: at,
          });
          await writeLinks(actor.customerId, trx, planId, plan);
          await typed?.write(trx, planId);
          await log(actor.customerId, trx, planId, actor.userId, 'create', changesBetween(null, formFields(plan)));
        }),
      );
      if (!input.asDraft) await scheduleNow(actor.customerId, planId);
      return { planId };
    },

    async update(actor: CustomerActor, input: PlanUpdateInput): Promise<{ planId: string }> {
      const { plan: stored, target } = await actionable(actor, input.planId, 'modify');
      const links = await currentLinks(actor.customerId, stored.id);
      const plan = await resolvePlanInput(deps, actor, input as Parameters<typeof resolvePlanInput>[2], { planId: stored.id, itemIds: links.itemIds });
      const publish = stored.lifecycle === 'draft' && !input.asDraft;
      const lifecycle: PlanLifecycle = publish ? 'active' : target;
      await uniquely(() =>
        db.transaction().execute(async (trx) => {
          const moved = await repoOf(actor.customerId, trx).moveLifecycle(stored.id, stored.lifecycle, {
            ...planColumns(plan),
            lifecycle,
            updated_at: nowIso(),
          });
          if (!moved) throw refused('inspection.planActionRefused');
          await writeLinks(actor.customerId, trx, stored.id, plan);
          const changes = changesBetween(loggedFields({ ...stored, ...links }), formFields(plan));
          await log(actor.customerId, trx, stored.id, actor.userId, publish ? 'publish' : 'modify', changes);
        }),
      );
      if (lifecycle === 'active') await scheduleNow(actor.customerId, stored.id);
      return { planId: stored.id };
    },

    /** pause, reactivate, delete: the lifecycle the transition table names, once (a racing second click is refused). */
    async act(actor: CustomerActor, planId: string, action: Exclude<PlanAction, 'modify'>): Promise<{ planId: string }> {
      const { plan, target } = await actionable(actor, planId, action);
      await db.transaction().execute(async (trx) => {
        const repo = repoOf(actor.customerId, trx);
        const moved = await repo.moveLifecycle(plan.id, plan.lifecycle, {
          lifecycle: target,
          updated_at: nowIso(),
          ...(target === 'deleted' ? { name_key: null } : {}),
        });
        if (!moved) throw refused('inspection.planActionRefused');
        if (target === 'deleted') await repo.cancelOpenAssignments(plan.id);
        await log(actor.customerId, trx, plan.id, actor.userId, action, [{ field: 'lifecycle', old: plan.lifecycle, new: target }]);
      });
      if (target === 'active') await scheduleNow(actor.customerId, plan.id);
      return { planId: plan.id };
    },

    async list(actor: CustomerActor, input: PlanListInput): Promise<Page<PlanRow>> {
      const scope = await accessOf(db, actor).scope();
      const plans = await repoOf(actor.customerId).plans(input.status === 'deleted');
      const shopsOf = await planShopIds(
        actor.customerId,
        plans.map((plan) => plan.id),
      );
      const keyword = input.keyword?.toLowerCase();
      const visible = plans.filter(
        (plan) =>
          (plan.created_by === actor.userId || (shopsOf.get(plan.id) ?? []).some((id) => scope.canSeeShop(id))) &&
          (!input.kind || plan.kind === input.kind) &&
          (!keyword || plan.name.toLowerCase().includes(keyword)),
      );
      const rows = (await presentPlans(actor, visible, scope)).filter((row) => (input.status ? row.status === input.status : row.status !== 'deleted'));
      const start = (input.page - 1) * input.pageSize;
      return { total: rows.length, page: input.page, pageSize: input.pageSize, list: rows.slice(start, start + input.pageSize) };
    },

    async detail(actor: CustomerActor, planId: string): Promise<PlanDetail> {
      const { plan, scope } = await visiblePlan(actor, planId, true);
      const [row] = await presentPlans(actor, [plan], scope);
      const links = await currentLinks(actor.customerId, plan.id);
      const repo = repoOf(actor.customerId);
      const shopById = new Map((await repo.shops()).map((shop) => [shop.id, shop]));
      const items = await sopRepo(tenantScope(db, actor.customerId)).itemsByIds(links.itemIds);
      const itemById = new Map(items.map((item) => [item.id, item]));
      const shopIds = links.shopIds.filter((id) => scope.canSeeShop(id));
      return {
        ...(row as PlanRow),
        description: plan.description,
        shopIds,
        shopGroupIds: links.shopGroupIds,
        shops: shopIds.map((id) => {
          const shop = shopById.get(id);
          return { shopId: id, name: shop?.name ?? '', number: shop?.number ?? '', timeZone: shop?.time_zone ?? 'UTC' };
        }),
        items: links.itemIds.flatMap((id) => {
          const item = itemById.get(id);
          return item ? [{ itemId: id, name: item.name, categoryName: item.category_name, status: item.status }] : [];
        }),
      };
    },

    async updateLog(actor: CustomerActor, planId: string): Promise<PlanLogRow[]> {
      const { plan } = await visiblePlan(actor, planId, true);
      const repo = repoOf(actor.customerId);
      const [logs, members] = await Promise.all([repo.logs(plan.id), repo.members()]);
      const nameOf = new Map(members.map((member) => [member.user_id, personName(member)]));
      return logs.map((row) => ({
        logId: row.id,
        action: row.action,
        user: row.user_id ? { userId: row.user_id, name: nameOf.get(row.user_id) ?? '' } : null,
        changes: JSON.parse(row.changes) as PlanLogRow['changes'],
        at: row.created_at,
      }));
    },

    async batches(actor: CustomerActor, planId: string): Promise<BatchRow[]> {
      const { plan, scope } = await visiblePlan(actor, planId, true);
      const rows = await repoOf(actor.customerId).countsOfPlanBy(plan.id, 'batch_date', visibleShopIds(scope));
      return rows
        .map((row) => ({ batchId: row.key, date: row.key, storeCount: row.stores, progress: progressOf(row.counts) }))
        .sort((a, b) => b.date.localeCompare(a.date));
    },

    async shopProgress(actor: CustomerActor, input: { planId: string; batchId?: string | undefined }): Promise<ShopProgressRow[]> {
      const { plan, scope } = await visiblePlan(actor, input.planId, true);
      const repo = repoOf(actor.customerId);
      const [rows, shops] = await Promise.all([repo.countsOfPlanBy(plan.id, 'shop_id', visibleShopIds(scope), input.batchId), repo.shops()]);
      const shopById = new Map(shops.map((shop) => [shop.id, shop]));
      return rows
        .map((row) => ({
          shopId: row.key,
          shopName: shopById.get(row.key)?.name ?? '',
          shopNumber: shopById.get(row.key)?.number ?? '',
          progress: progressOf(row.counts),
        }))
        .sort((a, b) => a.shopNumber.localeCompare(b.shopNumber));
    },

    async assignments(actor: CustomerActor, input: AssignmentListInput): Promise<Page<AssignmentRow>> {
      const { plan, scope } = await visiblePlan(actor, input.planId, true);
      if (input.shopId && !scope.canSeeShop(input.shopId)) throw notFound();
      const repo = repoOf(actor.customerId);
      const [{ total, rows }, shops] = await Promise.all([
        repo.assignmentPage(
          { planId: plan.id, shopIds: visibleShopIds(scope), batchDate: input.batchId, shopId: input.shopId, status: input.status },
          { offset: (input.page - 1) * input.pageSize, limit: input.pageSize },
        ),
        repo.shops(),
      ]);
      const shopById = new Map(shops.map((shop) => [shop.id, shop]));
      const at = nowIso();
      return {
        total,
        page: input.page,
        pageSize: input.pageSize,
        list: rows.map((row) => ({
          assignmentId: row.id,
          planId: plan.id,
          planName: plan.name,
          shopId: row.shop_id,
          shopName: shopById.get(row.shop_id)?.name ?? '',
          batchId: row.batch_date,
          timeZone: row.time_zone,
          windowStart: row.window_start,
          windowEnd: row.window_end,
          status: row.status,
          overdue: row.status === 'pending' && row.window_end < at,
          itemCount: row.item_count,
          passed: row.passed,
          failed: row.failed,
          invalid: row.invalid,
          completedAt: row.completed_at,
        })),
      };
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
