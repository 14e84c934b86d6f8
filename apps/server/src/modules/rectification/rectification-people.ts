import { Perm, RoleId } from '@storelens/contracts';
import { type CustomerLayout, layoutIndex, type MemberReach, reachesWholeCustomer } from '../../platform/authz/access.ts';
import { effectivePrivileges } from '../../platform/authz/actor.ts';

/** A member of the customer as the rectification rules see them. */
export interface Member {
  userId: string;
  roleId: number;
  privileges: string;
  orgId: string | null;
  grantedShopIds: readonly string[];
  /** Membership and account both enabled. */
  enabled: boolean;
  name: string;
  locale: string;
}

export interface PeopleLayout extends CustomerLayout {
  orgs: (CustomerLayout['orgs'][number] & { level: number })[];
}

/** Whole-customer people stand above every organisation; people given the store itself stand below all. */
const WHOLE_CUSTOMER_DEPTH = -1;
const STORE_DEPTH = 1_000_000;

/**
 * Among people equally close to a store, who takes its items first: the store manager, then the
 * shop assistant, the branch manager, managers. A custom role comes after the system roles.
 */
const ROLE_PREFERENCE: readonly number[] = [RoleId.storeManage, RoleId.shopAssistant, RoleId.branchManage, RoleId.manager, RoleId.superManager];
const preferenceOf = (roleId: number) => {
  const index = ROLE_PREFERENCE.indexOf(roleId);
  return index < 0 ? ROLE_PREFERENCE.length : index;
};

/**
 * The rules of who handles and who is told, over the customer's organisation tree and roles
 * (docs/decisions/rectification.md):
 * - a handler holds a rectification role (its privileges show the rectification to-do, as
 *   user/getRectRoleList lists them), is not an observer, is enabled, and sees the store;
 * - the default handler is the eligible person closest to the store: given the store itself, else
 *   limited to the deepest organisation above it, else the whole customer; ties by role (store
 *   manager first), then name;
 * - the handler's superiors are the eligible people at the nearest level above the handler for
 *   that store (a store manager's: the city or region manager; theirs: the head office);
 * - our own operators (inner operation) are never chosen or told automatically; a person may still
 *   choose one.
 */
export function peopleRules(layout: PeopleLayout, members: readonly Member[]) {
  const index = layoutIndex(layout);
  const levelOf = new Map(layout.orgs.map((org) => [org.id, org.level]));
  const byId = new Map(members.map((member) => [member.userId, member]));
  const reachOf = (member: Member): MemberReach => ({ orgId: member.orgId, grantedShopIds: member.grantedShopIds });

  const covers = (member: Member, shopId: string) => index.covers(reachOf(member), shopId);
  /** How close a member stands to a store they see: the larger, the closer. */
  const depthFor = (member: Member, shopId: string): number => {
    if (member.grantedShopIds.includes(shopId)) return STORE_DEPTH;
    if (reachesWholeCustomer(reachOf(member))) return WHOLE_CUSTOMER_DEPTH;
    return member.orgId ? (levelOf.get(member.orgId) ?? 0) : WHOLE_CUSTOMER_DEPTH;
  };
  const hasRectificationRole = (member: Member) =>
    member.roleId !== RoleId.observer && effectivePrivileges({ id: member.roleId, privileges: member.privileges }).shopinspect_todo_rect === Perm.shown;
  const canHandle = (member: Member | undefined, shopId: string): member is Member =>
    member?.enabled === true && hasRectificationRole(member) && covers(member, shopId);
  const automatic = (member: Member) => member.roleId !== RoleId.innerOperation;
  const closestFirst = (shopId: string) => (a: Member, b: Member) =>
    depthFor(b, shopId) - depthFor(a, shopId) ||
    preferenceOf(a.roleId) - preferenceOf(b.roleId) ||
    a.name.localeCompare(b.name) ||
    a.userId.localeCompare(b.userId);

  return {
    member: (userId: string | null | undefined) => (userId ? byId.get(userId) : undefined),
    nameOf: (userId: string | null | undefined) => (userId ? (byId.get(userId)?.name ?? '') : ''),
    /** An enabled member who sees the store (a reviewer need not hold a rectification role, but must not be an observer). */
    canReview: (userId: string, shopId: string) => {
      const member = byId.get(userId);
      return member?.enabled === true && member.roleId !== RoleId.observer && covers(member, shopId);
    },
    canHandle: (userId: string, shopId: string) => canHandle(byId.get(userId), shopId),
    /** Everyone who may handle the store's items, the default one first. */
    candidates(shopId: string): Member[] {
      const eligible = members.filter((member) => canHandle(member, shopId)).sort(closestFirst(shopId));
      const first = eligible.find(automatic);
      return first ? [first, ...eligible.filter((member) => member !== first)] : eligible;
    },
    defaultHandler(shopId: string): Member | undefined {
      return members
        .filter((member) => canHandle(member, shopId) && automatic(member))
        .sort(closestFirst(shopId))
        .at(0);
    },
    /** The eligible people at the nearest level above the handler for this store (empty: nobody above). */
    superiorsOf(handlerId: string, shopId: string): Member[] {
      const handler = byId.get(handlerId);
      const handlerDepth = handler && covers(handler, shopId) ? depthFor(handler, shopId) : Number.POSITIVE_INFINITY;
      const above = members.filter(
        (member) => member.userId !== handlerId && canHandle(member, shopId) && automatic(member) && depthFor(member, shopId) < handlerDepth,
      );
      if (above.length === 0) return [];
      const nearest = Math.max(...above.map((member) => depthFor(member, shopId)));
      return above.filter((member) => depthFor(member, shopId) === nearest).sort(closestFirst(shopId));
    },
  };
}
export type PeopleRules = ReturnType<typeof peopleRules>;
