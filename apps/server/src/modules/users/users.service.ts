import type { Locale } from '@storelens/contracts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { DB } from '../../platform/db/database.ts';
import { AppError, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { membershipsRepo, usersRepo } from './users.repo.ts';

export interface NewUser {
  loginName: string;
  password: string;
  surname: string;
  givenName: string;
  employeeNo?: string;
  mobile?: string;
  locale?: Locale;
}

/** Accounts are global; a membership gives an account a role and a scope in one customer. */
export function createUsersService(deps: { db: DB }) {
  const { db } = deps;
  return {
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

    async addMembership(customerId: string, input: { userId: string; roleId: number; orgId?: string | null; shopIds?: string[] }): Promise<void> {
      const repo = membershipsRepo(tenantScope(db, customerId));
      if (!(await repo.roleExists(input.roleId))) throw new AppError('notFound', 'errors.notFound');
      await repo.insertMembership({ user_id: input.userId, role_id: input.roleId, org_id: input.orgId ?? null, enabled: 1, created_at: nowIso() });
      await repo.insertShopGrants(input.userId, input.shopIds ?? []);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
