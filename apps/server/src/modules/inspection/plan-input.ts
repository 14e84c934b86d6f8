import { cycleToRrule, type PlanAddRequest } from '@storelens/contracts';
import { accessOf, customerReach } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { notFound, refused } from '../../platform/http/errors.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import { addDays, utcOfLocal } from '../../platform/time/local-time.ts';
import type { ShopGroupsService } from '../org/shop-groups.service.ts';
import { plansRepo } from './plans.repo.ts';
import { nameKey, sopRepo } from './sop.repo.ts';

type PlanInput = Required<Omit<PlanAddRequest, 'cycle'>> & { cycle?: PlanAddRequest['cycle'] };

/** A plan's form after every check: what the plan row and its link tables receive. */
export interface ResolvedPlan {
  name: string;
  nameKey: string;
  kind: 'single' | 'cyclic';
  description: string;
  validFrom: string;
  validTo: string;
  rrule: string | null;
  periodStart: string;
  periodEnd: string;
  startsAt: string;
  endsAt: string;
  shopIds: string[];
  shopGroupIds: string[];
  itemIds: string[];
  handlerIds: string[];
}

export const personName = (person: { surname: string; given_name: string }) => `${person.surname} ${person.given_name}`.trim();

/**
 * Checks a plan's form against the customer's data (the zod schema has checked its shape, the 365
 * days and the cycle): stores and store groups in the caller's scope (a group counts with the
 * member stores the caller sees), items that exist and are not filed (unless the plan already
 * listed them: a filed item stays in the plans that have it), handlers who are enabled members and
 * together cover every store, a validity that does not end in the past, a name of its own.
 */
export async function resolvePlanInput(
  deps: { db: DB; shopGroups: ShopGroupsService },
  actor: CustomerActor,
  input: PlanInput,
  existing?: { planId: string; itemIds: readonly string[] },
): Promise<ResolvedPlan> {
  const { db } = deps;
  const access = accessOf(db, actor);
  const repo = plansRepo(tenantScope(db, actor.customerId));

  const key = nameKey(input.name);
  const named = await repo.planNamed(key);
  if (named && named.id !== existing?.planId) throw refused('inspection.planNameExists');

  const groupIds = [...new Set(input.shopGroupIds)];
  const groups = groupIds.length > 0 ? await deps.shopGroups.pickerGroups(actor) : [];
  const groupShops = groupIds.flatMap((groupId) => {
    const group = groups.find((candidate) => candidate.groupId === groupId);
    if (!group) throw notFound();
    return group.shopIds;
  });
  const explicit = input.shopIds.length > 0 ? await access.shopIds(input.shopIds) : [];
  const shopIds = [...new Set([...explicit, ...groupShops])];
  if (shopIds.length === 0) throw refused('inspection.noShops');

  const itemIds = [...new Set(input.itemIds)];
  const items = await sopRepo(tenantScope(db, actor.customerId)).itemsByIds(itemIds);
  if (items.length !== itemIds.length) throw notFound();
  const kept = new Set(existing?.itemIds ?? []);
  if (items.some((item) => item.status === 'filed' && !kept.has(item.id))) throw refused('inspection.itemFiled');

  const shops = new Map((await repo.shops()).map((shop) => [shop.id, shop]));
  const handlerIds = [...new Set(input.handlerIds)];
  const members = new Map((await repo.members()).map((member) => [member.user_id, member]));
  const handlers = handlerIds.map((userId) => {
    const member = members.get(userId);
    if (member?.enabled !== 1 || member.account_enabled !== 1) throw notFound();
    return member;
  });
  const reach = await customerReach(db, actor.customerId);
  for (const shopId of shopIds) {
    if (!handlers.some((handler) => reach.covers(handler, shopId))) throw refused('inspection.noHandlerForShop', { shop: shops.get(shopId)?.name ?? shopId });
  }

  const zones = [...new Set(shopIds.map((shopId) => shops.get(shopId)?.time_zone ?? 'UTC'))];
  const startsAt = Math.min(...zones.map((zone) => utcOfLocal(zone, input.validFrom, 0)));
  const endsAt = Math.max(...zones.map((zone) => utcOfLocal(zone, addDays(input.validTo, 1), 0)));
  if (endsAt <= now().getTime()) throw refused('inspection.validityInPast');

  return {
    name: input.name,
    nameKey: key,
    kind: input.kind,
    description: input.description,
    validFrom: input.validFrom,
    validTo: input.validTo,
    rrule: input.kind === 'cyclic' && input.cycle ? cycleToRrule(input.cycle) : null,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(endsAt).toISOString(),
    shopIds: shopIds.sort(),
    shopGroupIds: groupIds.sort(),
    itemIds,
    handlerIds: handlerIds.sort(),
  };
}
