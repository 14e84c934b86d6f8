import type { HaltArea, PlanElement } from '@storelens/contracts';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { type FloorPlanRow, floorplanRepo, type PlanElementRow } from './floorplan.repo.ts';
import { presentElement } from './floorplan-present.ts';

/**
 * Settings of drawn elements that are not drawing: which regions the analysis pages hide (display
 * only: changed in place, no new version), region name checks, and the dwell-zone page (renaming
 * and switching a halt area on or off are changes of what reports count: each is a new version).
 */
export function createElementConfig(deps: { db: DB; visiblePlan: (actor: CustomerActor, planId: string) => Promise<FloorPlanRow> }) {
  const { db, visiblePlan } = deps;
  const repoOf = (customerId: string, on: DB = db) => floorplanRepo(tenantScope(on, customerId));

  async function hidden(customerId: string, planId: string): Promise<{ planId: string; hiddenElementIds: string[] }> {
    const regions = await repoOf(customerId).currentElements([planId], 'region');
    return { planId, hiddenElementIds: regions.filter((region) => region.hidden === 1).map((region) => region.element_id) };
  }

  async function setHidden(actor: CustomerActor, planId: string, elementIds: readonly string[], mode: 'add' | 'replace') {
    const plan = await visiblePlan(actor, planId);
    await db.transaction().execute(async (trx) => {
      const repo = repoOf(actor.customerId, trx);
      const regions = await repo.currentElements([plan.id], 'region');
      const known = new Set(regions.map((region) => region.element_id));
      if (elementIds.some((id) => !known.has(id))) throw notFound();
      const wanted = new Set(elementIds);
      for (const region of regions) {
        const hide = wanted.has(region.element_id) || (mode === 'add' && region.hidden === 1);
        if ((region.hidden === 1) !== hide) await repo.setHidden(region.id, hide);
      }
    });
    return hidden(actor.customerId, plan.id);
  }

  /** The current version of a halt area the caller may see, with its plan. */
  async function visibleHalt(actor: CustomerActor, elementId: string): Promise<{ row: PlanElementRow; plan: FloorPlanRow }> {
    const [row] = (await repoOf(actor.customerId).elementHistory([elementId])).filter((version) => version.retired_at === null && version.kind === 'halt');
    if (!row) throw notFound();
    return { row, plan: await visiblePlan(actor, row.plan_id) };
  }

  /** A new version of a halt area with one field changed. */
  async function reviseHalt(actor: CustomerActor, elementId: string, change: Partial<Pick<PlanElementRow, 'name' | 'enabled'>>): Promise<HaltArea> {
    const { row, plan } = await visibleHalt(actor, elementId);
    const at = nowIso();
    const next = await db.transaction().execute(async (trx) => {
      const repo = repoOf(actor.customerId, trx);
      const planVersion = await repo.bumpGeometryVersion(plan.id, at);
      await repo.retireElements([row.id], at);
      const version: PlanElementRow = {
        ...row,
        ...change,
        id: newId(),
        version: row.version + 1,
        plan_version: planVersion,
        created_by: actor.userId,
        created_at: at,
      };
      await repo.insertElements([version]);
      return version;
    });
    return { ...presentElement(next), planName: plan.name, shopId: plan.shop_id };
  }

  return {
    hidden: async (actor: CustomerActor, planId: string) => hidden(actor.customerId, (await visiblePlan(actor, planId)).id),
    hide: (actor: CustomerActor, input: { planId: string; elementIds: string[] }) => setHidden(actor, input.planId, input.elementIds, 'add'),
    setHiddenRegions: (actor: CustomerActor, input: { planId: string; elementIds: string[] }) => setHidden(actor, input.planId, input.elementIds, 'replace'),

    async regions(actor: CustomerActor, planId: string): Promise<PlanElement[]> {
      const plan = await visiblePlan(actor, planId);
      return (await repoOf(actor.customerId).currentElements([plan.id], 'region')).map(presentElement);
    },

    async isRegionNameFree(actor: CustomerActor, input: { planId: string; name: string; elementId?: string | null | undefined }): Promise<boolean> {
      const plan = await visiblePlan(actor, input.planId);
      const name = input.name.trim().toLocaleLowerCase();
      const regions = await repoOf(actor.customerId).currentElements([plan.id], 'region');
      return !regions.some((region) => region.element_id !== input.elementId && region.name.toLocaleLowerCase() === name);
    },

    async haltAreas(actor: CustomerActor, shopId: string): Promise<HaltArea[]> {
      await accessOf(db, actor).requireShop(shopId);
      const repo = repoOf(actor.customerId);
      const plans = await repo.plansOfShops([shopId]);
      const planById = new Map(plans.map((plan) => [plan.id, plan]));
      const halts = await repo.currentElements(
        plans.map((plan) => plan.id),
        'halt',
      );
      return halts.map((row) => ({ ...presentElement(row), planName: planById.get(row.plan_id)?.name ?? '', shopId }));
    },

    renameHalt: (actor: CustomerActor, input: { elementId: string; name: string }) => reviseHalt(actor, input.elementId, { name: input.name.trim() }),
    setHaltEnabled: (actor: CustomerActor, input: { elementId: string; enabled: boolean }) =>
      reviseHalt(actor, input.elementId, { enabled: input.enabled ? 1 : 0 }),
  };
}
