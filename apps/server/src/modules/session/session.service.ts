import {
  isLocale,
  isSuperManager,
  Limits,
  type Locale,
  MESSAGE_CATALOGUES,
  type NoticeCount,
  type PermissionMap,
  RoleId,
  roleDisplayName,
  type SelectCustomerResponse,
  type UserInfo,
} from '@storelens/contracts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import type { SessionsRepo } from '../../platform/auth/sessions.repo.ts';
import { accessOf } from '../../platform/authz/access.ts';
import { customersOfUser } from '../../platform/authz/actor.repo.ts';
import { resolveActor } from '../../platform/authz/actor.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor, SessionContext } from '../../platform/http/context.ts';
import { AppError, refused } from '../../platform/http/errors.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { displayName } from '../auth/auth.service.ts';
import { holidaysByDate } from './holidays.ts';
import { sessionRepo, sessionTenantRepo } from './session.repo.ts';

export function createSessionService(deps: { db: DB; sessions: SessionsRepo }) {
  const { db, sessions } = deps;
  const repo = sessionRepo(db);

  return {
    customersOf: (userId: string) => customersOfUser(db, userId),

    /** Binds the session to a customer; every other tab of the session follows (customer switched). */
    async selectCustomer(session: SessionContext, cid: string, locale: Locale): Promise<SelectCustomerResponse> {
      const customer = await repo.customerForUser(session.userId, cid);
      if (!customer) throw new AppError('notFound', 'errors.unknownCustomer');
      const actor = await resolveActor(db, session.userId, cid);
      if (!actor) throw new AppError('notFound', 'errors.unknownCustomer');
      await sessions.setCustomer(session.sessionId, cid);
      return {
        rid: actor.roleId,
        roleName: roleDisplayName(locale, actor.roleId, actor.roleName),
        cusInfo: { cid: customer.id, cname: customer.name, countries: JSON.parse(customer.countries) as string[], defaultTimeZone: customer.default_time_zone },
        wholeCustomer: !(await accessOf(db, actor).scope()).limited,
      };
    },

    permissionMap(actor: CustomerActor): PermissionMap {
      return actor.permissions;
    },

    async userInfo(actor: CustomerActor, locale: Locale): Promise<UserInfo> {
      const user = await repo.userById(actor.userId);
      const organisation = await sessionTenantRepo(tenantScope(db, actor.customerId)).orgName(actor.orgScopeId);
      return {
        uid: user.id,
        username: displayName(user),
        loginName: user.login_name,
        surname: user.surname,
        givenName: user.given_name,
        employeeNo: user.employee_no,
        mobile: user.mobile,
        email: user.email,
        signupType: user.signup_type,
        locale: isLocale(user.locale) ? user.locale : 'en',
        rid: actor.roleId,
        roleName: roleDisplayName(locale, actor.roleId, actor.roleName),
        organisation,
      };
    },

    async updateSelfInfo(userId: string, input: { surname: string; givenName: string; mobile?: string; email?: string; locale?: Locale }): Promise<null> {
      const mobile = input.mobile === undefined ? undefined : input.mobile === '' ? null : input.mobile;
      if (mobile && (await repo.mobileTakenByOther(mobile, userId))) throw refused('errors.mobileTaken');
      await repo.updateUser(userId, {
        surname: input.surname,
        given_name: input.givenName,
        ...(mobile !== undefined ? { mobile } : {}),
        ...(input.email ? { email: input.email } : {}),
        ...(input.locale ? { locale: input.locale } : {}),
      });
      return null;
    },

    /** Changing one's own password ends every other session of the user. */
    async changeOwnPassword(session: SessionContext, oldPassword: string, password: string): Promise<null> {
      const user = await repo.userById(session.userId);
      if (!(await verifyPassword(user.password_hash, oldPassword))) throw refused('errors.oldPasswordIncorrect');
      await repo.setPassword(user.id, await hashPassword(password));
      await sessions.revokeAllForUser(user.id, session.sessionId);
      return null;
    },

    async noticeCount(actor: CustomerActor): Promise<NoticeCount> {
      const rows = await sessionTenantRepo(tenantScope(db, actor.customerId)).unreadCounts(actor.userId);
      const count = (kind: number) => Number(rows.find((r) => r.kind === kind)?.count ?? 0);
      return { alert: count(1), plan: count(2), rectification: count(3) };
    },

    async holidays(actor: CustomerActor, years: number[], locale: Locale) {
      const customer = await repo.customerForUser(actor.userId, actor.customerId);
      const countries = customer ? (JSON.parse(customer.countries) as string[]) : [];
      return holidaysByDate(countries, years, locale);
    },

    langDictionary() {
      const dictionary: Record<string, { en: string; ch: string; kr: string; jp: string }> = {};
      for (const [group, entries] of Object.entries(MESSAGE_CATALOGUES.en)) {
        for (const name of Object.keys(entries)) {
          const pick = (locale: Locale) => (MESSAGE_CATALOGUES[locale] as Record<string, Record<string, string>>)[group]?.[name] ?? '';
          dictionary[`${group}.${name}`] = { en: pick('en'), ch: pick('zh'), kr: pick('kr'), jp: pick('jp') };
        }
      }
      return dictionary;
    },

    async specialPower(actor: CustomerActor) {
      const { shopIds } = await accessOf(db, actor).scope();
      const powers: string[] = [];
      if (isSuperManager(actor.roleId)) powers.push('store_plan_tools');
      if (actor.roleId === RoleId.innerOperation) powers.push('operator');
      return { superManager: isSuperManager(actor.roleId), allShops: shopIds === null, powers };
    },

    retentionDays() {
      return { days: Limits.videoRetentionDays };
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
