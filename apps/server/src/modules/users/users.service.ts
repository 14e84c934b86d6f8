import { type Locale, type Page, type PageRequest, roleDisplayName, type UserAddRequest, type UserRow, type UserUpdateRequest } from '@storelens/contracts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { sessionsRepo } from '../../platform/auth/sessions.repo.ts';
import { accessOf, type DataScope, reachesWholeCustomer } from '../../platform/authz/access.ts';
import { effectivePrivileges } from '../../platform/authz/actor.ts';
import { rootOf, subtreeOf } from '../../platform/authz/org-tree.ts';
import type { DB } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { AppError, noAuthority, notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { withinRights } from './roles.service.ts';
import { type MemberRow, membershipsRepo, usersRepo } from './users.repo.ts';

export interface NewUser {
  loginName: string;
  password: string;
  surname: string;
  givenName: string;
  employeeNo?: string;
  mobile?: string;
  locale?: Locale;
}

export interface Access {
  roleId: number;
  orgId?: string | null | undefined;
  shopIds?: string[] | undefined;
}

interface Member extends MemberRow {
  shopIds: string[];
}

/** Everything one request needs to decide who may see and change which member. */
interface Context {
  actor: CustomerActor;
  scope: DataScope;
  members: Member[];
  shopById: Map<string, { id: string; org_id: string; number: string; name: string }>;
}

/**
 * Accounts are global; a membership gives an account a role and a data scope in one customer.
 * Administrators see and change only members inside their own data scope (others answer 'Not
 * found or no access'), never hand out more than they hold (roles or scope), and never change the
 * personal details or password of an account that also belongs to another customer: that person
 * is not theirs alone.
 */
export function createUsersService(deps: { db: DB }) {
  const { db } = deps;
  const sessions = sessionsRepo(db);

  async function context(actor: CustomerActor, keyword?: string): Promise<Context> {
    const repo = membershipsRepo(tenantScope(db, actor.customerId));
    const [scope, rows, grants, shops] = await Promise.all([accessOf(db, actor).scope(), repo.members(keyword), repo.grants(), repo.shops()]);
    const shopIdsOf = new Map<string, string[]>();
    for (const grant of grants) shopIdsOf.set(grant.user_id, [...(shopIdsOf.get(grant.user_id) ?? []), grant.shop_id]);
    return {
      actor,
      scope,
      members: rows.map((row) => ({ ...row, shopIds: shopIdsOf.get(row.user_id) ?? [] })),
      shopById: new Map(shops.map((shop) => [shop.id, shop])),
    };
  }

  /** A member is visible when their whole data scope lies inside the caller's. */
  function visible(ctx: Context, member: Member): boolean {
    const { scope } = ctx;
    if (!scope.limited) return true;
    if (member.org_id !== null) return scope.canManageOrg(member.org_id);
    return member.shopIds.length > 0 && member.shopIds.every((id) => scope.canSeeShop(id));
  }

  async function memberFor(actor: CustomerActor, userId: string): Promise<{ ctx: Context; member: Member }> {
    const ctx = await context(actor);
    const member = ctx.members.find((m) => m.user_id === userId);
    if (!member || !visible(ctx, member)) throw notFound();
    return { ctx, member };
  }

  /** The caller may only act on members whose role is within the caller's own rights. */
  async function requireRoleWithinRights(actor: CustomerActor, roleId: number): Promise<void> {
    const role = await tenantScope(db, actor.customerId).selectFrom('roles').select(['id', 'privileges']).where('id', '=', roleId).executeTakeFirst();
    if (!role || !withinRights(actor, effectivePrivileges(role))) throw noAuthority();
  }

  /**
   * Checks a role and data scope to hand out: the role exists and is within the caller's rights;
   * the organisation and shops exist and lie in the caller's scope; a limited caller cannot hand
   * out the whole customer.
   */
  async function checkAccess(ctx: Context, access: Access, keepShopIds: string[] = []): Promise<{ orgId: string | null; shopIds: string[] }> {
    const role = await tenantScope(db, ctx.actor.customerId)
      .selectFrom('roles')
      .select(['id', 'privileges'])
      .where('id', '=', access.roleId)
      .executeTakeFirst();
    if (!role) throw notFound();
    if (!withinRights(ctx.actor, effectivePrivileges(role))) throw refused('errors.privilegeEscalation');
    const orgId = access.orgId ?? null;
    if (orgId !== null && !ctx.scope.canManageOrg(orgId)) throw notFound();
    const shopIds = [...new Set(access.shopIds ?? [])];
    if (shopIds.some((id) => !ctx.shopById.has(id) || !ctx.scope.canSeeShop(id))) throw notFound();
    const all = [...new Set([...keepShopIds, ...shopIds])];
    if (ctx.scope.limited && orgId === null && all.length === 0) throw refused('errors.privilegeEscalation');
    return { orgId, shopIds: all };
  }

  function toRow(ctx: Context, member: Member, roles: Map<number, string>, shared: Set<string>, locale: Locale): UserRow {
    return {
      userId: member.user_id,
      loginName: member.login_name,
      employeeNo: member.employee_no,
      surname: member.surname,
      givenName: member.given_name,
      name: `${member.surname} ${member.given_name}`.trim(),
      mobile: member.mobile,
      email: member.email,
      signupType: member.signup_type,
      roleId: member.role_id,
      roleName: roleDisplayName(locale, member.role_id, roles.get(member.role_id) ?? String(member.role_id)),
      orgId: member.org_id,
      orgName: member.org_id ? (ctx.scope.orgById.get(member.org_id)?.name ?? null) : null,
      shops: member.shopIds
        .map((id) => ctx.shopById.get(id))
        .filter((shop) => shop !== undefined)
        .map((shop) => ({ shopId: shop.id, number: shop.number, name: shop.name })),
      enabled: member.enabled === 1,
      sharedAccount: shared.has(member.user_id),
      createdAt: member.created_at,
    };
  }

  async function pageOfMembers(ctx: Context, chosen: Member[], input: PageRequest, locale: Locale): Promise<Page<UserRow>> {
    const slice = chosen.slice((input.page - 1) * input.pageSize, input.page * input.pageSize);
    const [roles, shared] = await Promise.all([
      membershipsRepo(tenantScope(db, ctx.actor.customerId)).roles(),
      usersRepo(db).sharedAccounts(
        slice.map((m) => m.user_id),
        ctx.actor.customerId,
      ),
    ]);
    const roleNames = new Map(roles.map((role) => [role.id, role.name]));
    return { total: chosen.length, page: input.page, pageSize: input.pageSize, list: slice.map((m) => toRow(ctx, m, roleNames, shared, locale)) };
  }

  return {
    /** Seed and factory path: a new global account. */
    async createUser(input: NewUser): Promise<string> {
      const repo = usersRepo(db);
      const loginName = input.loginName.trim().toLowerCase();
      if (await repo.findByLoginName(loginName)) throw refused('errors.nameOverlap');
      const id = newId();
      const at = nowIso();
      await repo.insertUser({
        id,
        login_name: loginName,
        password_hash: await hashPassword(input.password),
        surname: input.surname,
        given_name: input.givenName,
        employee_no: input.employeeNo ?? null,
        mobile: input.mobile ?? null,
        email: loginName,
        signup_type: input.mobile ? 'mobile' : 'email',
        enabled: 1,
        locale: input.locale ?? 'en',
        created_at: at,
        updated_at: at,
      });
      return id;
    },

    /** Seed and factory path: a membership without a person's checks. */
    async addMembership(customerId: string, input: { userId: string; roleId: number; orgId?: string | null; shopIds?: string[] }): Promise<void> {
      const repo = membershipsRepo(tenantScope(db, customerId));
      if (!(await repo.roleExists(input.roleId))) throw new AppError('notFound', 'errors.notFound');
      await repo.insertMembership({ user_id: input.userId, role_id: input.roleId, org_id: input.orgId ?? null, enabled: 1, created_at: nowIso() });
      await repo.insertShopGrants(input.userId, input.shopIds ?? []);
    },

    /** Members whose organisation permission or stores lie in the organisation's subtree (whole-customer members belong to the root). */
    async listByParentOrg(
      actor: CustomerActor,
      input: PageRequest & { orgId: string; keyword?: string | undefined; enabled?: boolean | undefined },
      locale: Locale,
    ) {
      const ctx = await context(actor, input.keyword);
      if (!ctx.scope.canFilterByOrg(input.orgId)) throw notFound();
      const subtree = subtreeOf(ctx.scope.orgs, input.orgId);
      const isRoot = rootOf(ctx.scope.orgs)?.id === input.orgId;
      const chosen = ctx.members.filter((member) => {
        if (!visible(ctx, member)) return false;
        if (input.enabled !== undefined && (member.enabled === 1) !== input.enabled) return false;
        if (member.org_id !== null) return subtree.has(member.org_id);
        if (member.shopIds.length > 0) return member.shopIds.some((id) => subtree.has(ctx.shopById.get(id)?.org_id ?? ''));
        return isRoot;
      });
      return pageOfMembers(ctx, chosen, input, locale);
    },

    /**
     * Members whose data scope covers any of the shops, through a grant of the shop or through an
     * organisation above it (members of the whole customer are not listed: they cover every shop).
     */
    async listByShopIds(
      actor: CustomerActor,
      input: PageRequest & { shopIds: string[]; keyword?: string | undefined; enabled?: boolean | undefined },
      locale: Locale,
    ) {
      const ctx = await context(actor, input.keyword);
      const shopIds = [...new Set(input.shopIds)];
      if (shopIds.some((id) => !ctx.shopById.has(id) || !ctx.scope.canSeeShop(id))) throw notFound();
      const chosen = ctx.members.filter((member) => {
        if (!visible(ctx, member)) return false;
        if (input.enabled !== undefined && (member.enabled === 1) !== input.enabled) return false;
        const reach = { orgId: member.org_id, grantedShopIds: member.shopIds };
        return !reachesWholeCustomer(reach) && shopIds.some((id) => ctx.scope.layout.covers(reach, id));
      });
      return pageOfMembers(ctx, chosen, input, locale);
    },

    async detail(actor: CustomerActor, userId: string, locale: Locale): Promise<UserRow> {
      const { ctx, member } = await memberFor(actor, userId);
      const page = await pageOfMembers(ctx, [member], { page: 1, pageSize: 1 }, locale);
      return page.list[0] as UserRow;
    },

    /**
     * Adds a user. A login name already used in another customer adds a membership to that
     * account (its password and details stay); in this customer it is a duplicate.
     */
    async add(actor: CustomerActor, input: UserAddRequest): Promise<{ userId: string; existingAccount: boolean }> {
      const ctx = await context(actor);
      const access = await checkAccess(ctx, input);
      const users = usersRepo(db);
      const existing = await users.findByLoginName(input.loginName);
      if (existing && ctx.members.some((m) => m.user_id === existing.id)) throw refused('errors.userExists');
      const mobile = input.mobile ? input.mobile : null;
      if (!existing && mobile && (await users.mobileTakenByOther(mobile, null))) throw refused('errors.mobileTaken');
      const userId = existing?.id ?? newId();
      const passwordHash = existing ? null : await hashPassword(input.password);
      const at = nowIso();
      try {
        await db.transaction().execute(async (trx) => {
          if (passwordHash !== null) {
            await usersRepo(trx).insertUser({
              id: userId,
              login_name: input.loginName,
              password_hash: passwordHash,
              surname: input.surname,
              given_name: input.givenName,
              employee_no: input.employeeNo ? input.employeeNo : null,
              mobile,
              email: input.loginName,
              signup_type: input.signupType,
              enabled: 1,
              locale: 'en',
              created_at: at,
              updated_at: at,
            });
          }
          const repo = membershipsRepo(tenantScope(trx, actor.customerId));
          await repo.insertMembership({ user_id: userId, role_id: input.roleId, org_id: access.orgId, enabled: 1, created_at: at });
          await repo.insertShopGrants(userId, access.shopIds);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw refused('errors.userExists');
        throw error;
      }
      return { userId, existingAccount: existing !== undefined };
    },

    async update(actor: CustomerActor, input: UserUpdateRequest): Promise<null> {
      const { ctx, member } = await memberFor(actor, input.userId);
      await requireRoleWithinRights(actor, member.role_id);
      // Grants outside the caller's scope stay: the caller could not see them to take them away.
      const hiddenGrants = member.shopIds.filter((id) => !ctx.scope.canSeeShop(id));
      const access = await checkAccess(ctx, input, hiddenGrants);

      const users = usersRepo(db);
      const mobile = input.mobile ? input.mobile : null;
      const employeeNo = input.employeeNo ? input.employeeNo : null;
      const person = { surname: input.surname, given_name: input.givenName, employee_no: employeeNo, mobile, signup_type: input.signupType };
      const personChanged =
        person.surname !== member.surname ||
        person.given_name !== member.given_name ||
        person.employee_no !== member.employee_no ||
        person.mobile !== member.mobile ||
        person.signup_type !== member.signup_type;
      if (personChanged && (await users.sharedAccounts([member.user_id], actor.customerId)).size > 0) throw refused('errors.sharedAccount');
      if (mobile && mobile !== member.mobile && (await users.mobileTakenByOther(mobile, member.user_id))) throw refused('errors.mobileTaken');

      try {
        await db.transaction().execute(async (trx) => {
          if (personChanged) await usersRepo(trx).updatePerson(member.user_id, person);
          const repo = membershipsRepo(tenantScope(trx, actor.customerId));
          await repo.updateMembership(member.user_id, { role_id: input.roleId, org_id: access.orgId });
          await repo.replaceShopGrants(member.user_id, access.shopIds);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw refused('errors.mobileTaken');
        throw error;
      }
      return null;
    },

    /**
     * Enables or disables the user in this customer. Disabling ends their sessions at once; the
     * account stays usable in other customers it belongs to (a customer can only shut its own door).
     */
    async updateStatus(actor: CustomerActor, input: { userId: string; enabled: boolean }): Promise<null> {
      const { member } = await memberFor(actor, input.userId);
      if (member.user_id === actor.userId && !input.enabled) throw refused('errors.cannotDisableSelf');
      await requireRoleWithinRights(actor, member.role_id);
      await membershipsRepo(tenantScope(db, actor.customerId)).updateMembership(member.user_id, { enabled: input.enabled ? 1 : 0 });
      if (!input.enabled) await sessions.revokeAllForUser(member.user_id);
      return null;
    },

    /** Sets a member's password (spec rule, checked by the schema); every session of theirs ends. */
    async updatePassword(actor: CustomerActor, input: { userId: string; password: string }): Promise<null> {
      const { member } = await memberFor(actor, input.userId);
      await requireRoleWithinRights(actor, member.role_id);
      if ((await usersRepo(db).sharedAccounts([member.user_id], actor.customerId)).size > 0) throw refused('errors.sharedAccount');
      await usersRepo(db).updatePerson(member.user_id, { password_hash: await hashPassword(input.password) });
      await sessions.revokeAllForUser(member.user_id);
      return null;
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
