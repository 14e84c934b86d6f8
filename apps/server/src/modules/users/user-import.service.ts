import { LOCALES, type Locale, roleDisplayName, userImportRowSchema } from '@storelens/contracts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { accessOf } from '../../platform/authz/access.ts';
import { effectivePrivileges } from '../../platform/authz/actor.ts';
import type { DB } from '../../platform/db/database.ts';
import type { UsersTable } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { errorReportFile, refuseImport, type UploadedFile } from '../../platform/files/import-reports.ts';
import { readSheet, rowErrorsFromIssues, type SheetColumn, type StoredRowError, writeTemplate } from '../../platform/files/spreadsheet.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { splitList } from '../org/shop-import.service.ts';
import { withinRights } from './roles.service.ts';
import { membershipsRepo, usersRepo } from './users.repo.ts';

type UserColumn = 'employeeNo' | 'surname' | 'givenName' | 'mobile' | 'loginName' | 'role' | 'orgCode' | 'shopNumbers' | 'signupType' | 'password';

export const USER_IMPORT_COLUMNS: readonly SheetColumn<UserColumn>[] = [
  { key: 'employeeNo', header: 'import.employeeNo', example: 'E0001' },
  { key: 'surname', header: 'import.surname', example: 'Chen' },
  { key: 'givenName', header: 'import.givenName', example: 'Lin' },
  { key: 'mobile', header: 'import.mobile', example: '13800000001' },
  { key: 'loginName', header: 'import.loginName', example: 'lin.chen@example.com', width: 28 },
  { key: 'role', header: 'import.role', example: 'Store manager' },
  { key: 'orgCode', header: 'import.orgCode', example: 'DR-CN-SH' },
  { key: 'shopNumbers', header: 'import.shopNumbers', example: 'SH-001;SH-002', width: 24 },
  { key: 'signupType', header: 'import.signupType', example: 'email' },
  { key: 'password', header: 'import.password', example: 'Storelens#2026' },
];
const columnOf = (field: string) => USER_IMPORT_COLUMNS.find((column) => column.key === field)?.key;

interface AcceptedRow {
  userId: string;
  existing: boolean;
  person: Omit<UsersTable, 'password_hash'> & { password: string | null };
  roleId: number;
  orgId: string | null;
  shopIds: string[];
}

/**
 * Batch import of users with the same machinery as shops: all or nothing per file, errors by row
 * and column, an error report. Roles are named as people see them (any of the four languages, or
 * the id); the organisation by its code, stores by their numbers. A login name that exists in
 * another customer becomes a membership, as in the add form; the password is then not needed.
 */
export function createUserImportService(deps: { db: DB }) {
  const { db } = deps;
  return {
    template: (locale: Locale) => writeTemplate(USER_IMPORT_COLUMNS, 'import.userSheet', locale),

    async importUsers(actor: CustomerActor, file: UploadedFile, locale: Locale): Promise<{ imported: number }> {
      const rows = await readSheet(file.content, USER_IMPORT_COLUMNS);
      const tenant = tenantScope(db, actor.customerId);
      const members = membershipsRepo(tenant);
      const users = usersRepo(db);
      const [scope, roles, shops, current] = await Promise.all([accessOf(db, actor).scope(), members.roles(), members.shops(), members.members()]);

      const roleByName = new Map<string, (typeof roles)[number]>();
      for (const role of roles) {
        roleByName.set(String(role.id), role);
        roleByName.set(role.name.toLowerCase(), role);
        for (const language of LOCALES) roleByName.set(roleDisplayName(language, role.id, role.name).toLowerCase(), role);
      }
      const orgByCode = new Map(scope.orgs.filter((org) => scope.canManageOrg(org.id)).map((org) => [org.orgcode.toLowerCase(), org.id]));
      const shopByNumber = new Map(shops.filter((shop) => scope.canSeeShop(shop.id)).map((shop) => [shop.number.toLowerCase(), shop.id]));
      const memberIds = new Set(current.map((member) => member.user_id));
      const loginNames = rows.map((row) => row.values.loginName.trim().toLowerCase()).filter(Boolean);
      const accounts = new Map((await users.usersByLoginNames(loginNames)).map((user) => [user.login_name, user.id]));
      const mobilesInUse = new Set((await users.mobilesTaken(rows.map((row) => row.values.mobile).filter(Boolean))).map((user) => user.mobile));

      const errors: StoredRowError[] = [];
      const accepted: AcceptedRow[] = [];
      const firstRowOf = new Map<string, number>();
      const at = nowIso();
      for (const { row, values } of rows) {
        const rowErrors: StoredRowError[] = [];
        const error = (column: SheetColumn<UserColumn>['header'], message: string) => rowErrors.push({ row, column, message });

        const parsed = userImportRowSchema.safeParse({
          loginName: values.loginName,
          password: values.password || undefined,
          surname: values.surname,
          givenName: values.givenName,
          employeeNo: values.employeeNo || undefined,
          mobile: values.mobile || undefined,
          signupType: values.signupType ? values.signupType.toLowerCase() : undefined,
        });
        if (!parsed.success) rowErrors.push(...rowErrorsFromIssues(row, parsed.error.issues, USER_IMPORT_COLUMNS, columnOf));

        const role = roleByName.get(values.role.trim().toLowerCase());
        if (!values.role) error('import.role', 'validation.required');
        else if (!role) error('import.role', 'import.unknownRole');
        else if (!withinRights(actor, effectivePrivileges(role))) error('import.role', 'errors.privilegeEscalation');

        const orgId = values.orgCode ? (orgByCode.get(values.orgCode.toLowerCase()) ?? null) : null;
        if (values.orgCode && !orgId) error('import.orgCode', 'import.unknownOrgCode');
        const numbers = splitList(values.shopNumbers);
        const unknown = numbers.filter((number) => !shopByNumber.has(number.toLowerCase()));
        if (unknown.length > 0) error('import.shopNumbers', `import.unknownShopNumbers|${JSON.stringify({ numbers: unknown.join(', ') })}`);
        if (scope.limited && !values.orgCode && numbers.length === 0) error('import.orgCode', 'errors.privilegeEscalation');

        if (parsed.success) {
          const loginName = parsed.data.loginName;
          const existingId = accounts.get(loginName);
          const seen = firstRowOf.get(loginName);
          if (seen !== undefined) error('import.loginName', `import.duplicateInFile|${JSON.stringify({ row: seen })}`);
          else firstRowOf.set(loginName, row);
          if (existingId && memberIds.has(existingId)) error('import.loginName', 'errors.userExists');
          if (!existingId && !parsed.data.password) error('import.password', 'import.passwordForNewAccount');
          const mobile = parsed.data.mobile || null;
          if (!existingId && mobile) {
            const seenMobile = firstRowOf.get(`mobile:${mobile}`);
            if (seenMobile !== undefined) error('import.mobile', `import.duplicateInFile|${JSON.stringify({ row: seenMobile })}`);
            else if (mobilesInUse.has(mobile)) error('import.mobile', 'errors.mobileTaken');
            else firstRowOf.set(`mobile:${mobile}`, row);
          }
          if (rowErrors.length === 0 && role) {
            accepted.push({
              userId: existingId ?? newId(),
              existing: existingId !== undefined,
              person: {
                id: '',
                login_name: loginName,
                password: existingId ? null : (parsed.data.password ?? null),
                surname: parsed.data.surname,
                given_name: parsed.data.givenName,
                employee_no: parsed.data.employeeNo || null,
                mobile,
                email: loginName,
                signup_type: parsed.data.signupType,
                enabled: 1,
                locale: 'en',
                created_at: at,
                updated_at: at,
              },
              roleId: role.id,
              orgId,
              shopIds: [...new Set(numbers.map((number) => shopByNumber.get(number.toLowerCase()) as string))],
            });
          }
        }
        errors.push(...rowErrors);
      }
      if (errors.length > 0) return refuseImport(tenant, { kind: 'users', userId: actor.userId, fileName: file.fileName, errors, locale });

      // Hashing is the slow part: done before the transaction, in parallel on the thread pool.
      const newAccounts = await Promise.all(
        accepted
          .filter((row) => !row.existing)
          .map(async ({ userId, person: { password, ...person } }) => ({ ...person, id: userId, password_hash: await hashPassword(password ?? '') })),
      );
      try {
        await db.transaction().execute(async (trx) => {
          await usersRepo(trx).insertUsers(newAccounts);
          const repo = membershipsRepo(tenantScope(trx, actor.customerId));
          await repo.insertMemberships(accepted.map((row) => ({ user_id: row.userId, role_id: row.roleId, org_id: row.orgId, enabled: 1, created_at: at })));
          await repo.insertGrants(accepted.flatMap((row) => row.shopIds.map((shop_id) => ({ user_id: row.userId, shop_id }))));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw refused('errors.userExists');
        throw error;
      }
      return { imported: accepted.length };
    },

    errorReport: (actor: CustomerActor, id: string, locale: Locale) =>
      errorReportFile(tenantScope(db, actor.customerId), { id, kind: 'users', userId: actor.userId, locale }),
  };
}
export type UserImportService = ReturnType<typeof createUserImportService>;
