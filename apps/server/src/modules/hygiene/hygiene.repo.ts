import type { HygieneRecordKind } from '@storelens/contracts';
import type { Insertable, Selectable } from 'kysely';
import type { CustomerLayout } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import { containsKeyword } from '../../platform/db/like-pattern.ts';
import type {
  HygieneAttendeesTable,
  HygieneCertificatesTable,
  HygieneEmployeesTable,
  HygieneMediaTable,
  HygieneRecordsTable,
} from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export type EmployeeStored = Selectable<HygieneEmployeesTable>;
export type CertificateStored = Selectable<HygieneCertificatesTable>;
export type RecordStored = Selectable<HygieneRecordsTable>;
export type AttendeeStored = Selectable<HygieneAttendeesTable>;
export type HygieneMediaStored = Selectable<HygieneMediaTable>;
type Unscoped<T> = Omit<Insertable<T>, 'customer_id'>;

/** shopIds null: every store of the customer; an empty list matches none. */
type Shops = readonly string[] | null;
const inShops = (shopIds: readonly string[]) => (shopIds.length > 0 ? [...shopIds] : ['']);

export interface PersonStored {
  userId: string;
  roleId: number;
  orgId: string | null;
  grantedShopIds: string[];
  enabled: boolean;
  locale: string;
}

export type ReminderColumn = 'remind30_at' | 'remind7_at' | 'expired_at';

export function hygieneRepo(scope: TenantScope) {
  const employeesOf = (shopIds: Shops, keyword?: string) => {
    let select = scope.selectFrom('hygiene_employees');
    if (shopIds !== null) select = select.where('shop_id', 'in', inShops(shopIds));
    if (keyword)
      select = select.where((eb) => eb.or([containsKeyword('hygiene_employees.name', keyword), containsKeyword('hygiene_employees.position', keyword)]));
    return select;
  };
  const certificatesOf = (query: { shopIds: Shops; keyword?: string | undefined; expiresFrom?: string; expiresTo?: string }) => {
    let select = scope
      .selectFrom('hygiene_certificates')
      .innerJoin('hygiene_employees', (join) =>
        join
          .onRef('hygiene_employees.customer_id', '=', 'hygiene_certificates.customer_id')
          .onRef('hygiene_employees.id', '=', 'hygiene_certificates.employee_id'),
      );
    if (query.shopIds !== null) select = select.where('hygiene_certificates.shop_id', 'in', inShops(query.shopIds));
    if (query.keyword) {
      const keyword = query.keyword;
      select = select.where((eb) =>
        eb.or([
          containsKeyword('hygiene_employees.name', keyword),
          containsKeyword('hygiene_certificates.number', keyword),
          containsKeyword('hygiene_certificates.issuer', keyword),
        ]),
      );
    }
    if (query.expiresFrom) select = select.where('hygiene_certificates.expires_on', '>=', query.expiresFrom);
    if (query.expiresTo) select = select.where('hygiene_certificates.expires_on', '<=', query.expiresTo);
    return select;
  };
  const recordsOf = (query: { kind: HygieneRecordKind; shopIds: Shops; startDate?: string | undefined; endDate?: string | undefined }) => {
    let select = scope.selectFrom('hygiene_records').where('kind', '=', query.kind);
    if (query.shopIds !== null) select = select.where('shop_id', 'in', inShops(query.shopIds));
    if (query.startDate) select = select.where('local_date', '>=', query.startDate);
    if (query.endDate) select = select.where('local_date', '<=', query.endDate);
    return select;
  };

  return {
    // ---------------------------------------------------------------- places and people
    async shops(shopIds: Shops): Promise<{ id: string; name: string; number: string; time_zone: string; status: string }[]> {
      let select = scope.selectFrom('shops').select(['id', 'name', 'number', 'time_zone', 'status']);
      if (shopIds !== null) select = select.where('id', 'in', inShops(shopIds));
      return select.orderBy('number').orderBy('id').execute();
    },
    /** The organisation tree, the stores, and every member with role, grants and language (the reminders' audience). */
    async people(): Promise<{ layout: CustomerLayout; members: PersonStored[] }> {
      const [orgs, shops, grants, members] = await Promise.all([
        scope.selectFrom('orgs').select(['id', 'parent_id', 'name', 'level', 'orgcode']).execute(),
        scope.selectFrom('shops').select(['id', 'org_id']).execute(),
        scope.selectFrom('membership_shops').select(['user_id', 'shop_id']).execute(),
        scope
          .selectFrom('memberships')
          // Users are global; joined on the membership's user only.
          .innerJoin('users', 'users.id', 'memberships.user_id')
          .select([
            'memberships.user_id',
            'memberships.org_id',
            'memberships.enabled',
            'memberships.role_id',
            'users.enabled as account_enabled',
            'users.locale',
          ])
          .execute(),
      ]);
      const grantsOf = new Map<string, string[]>();
      for (const grant of grants) grantsOf.set(grant.user_id, [...(grantsOf.get(grant.user_id) ?? []), grant.shop_id]);
      return {
        layout: { orgs, shops },
        members: members.map((row) => ({
          userId: row.user_id,
          roleId: row.role_id,
          orgId: row.org_id,
          grantedShopIds: grantsOf.get(row.user_id) ?? [],
          enabled: row.enabled === 1 && row.account_enabled === 1,
          locale: row.locale,
        })),
      };
    },

    // ---------------------------------------------------------------- employees
    countEmployees: async (shopIds: Shops, keyword?: string) =>
      Number(
        (
          await employeesOf(shopIds, keyword)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      ),
    listEmployees: (shopIds: Shops, keyword: string | undefined, page?: { offset: number; limit: number }) => {
      let select = employeesOf(shopIds, keyword).selectAll().orderBy('name').orderBy('id');
      if (page) select = select.offset(page.offset).limit(page.limit);
      return select.execute();
    },
    employee: (id: string) => scope.selectFrom('hygiene_employees').selectAll().where('id', '=', id).executeTakeFirst(),
    employeesByIds: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('hygiene_employees')
            .selectAll()
            .where('id', 'in', [...ids])
            .execute(),
    insertEmployee: (row: Unscoped<HygieneEmployeesTable>) => scope.insertInto('hygiene_employees', [row]).execute(),
    updateEmployee: (id: string, values: { name: string; position: string; updated_at: string }) =>
      scope.updateTable('hygiene_employees').set(values).where('id', '=', id).execute(),
    deleteEmployee: (id: string) => scope.deleteFrom('hygiene_employees').where('id', '=', id).execute(),

    // ---------------------------------------------------------------- certificates
    countCertificates: async (query: { shopIds: Shops; keyword?: string | undefined; expiresFrom?: string; expiresTo?: string }) =>
      Number(
        (
          await certificatesOf(query)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      ),
    listCertificates: (
      query: { shopIds: Shops; keyword?: string | undefined; expiresFrom?: string; expiresTo?: string },
      page?: { offset: number; limit: number },
    ) => {
      let select = certificatesOf(query)
        .selectAll('hygiene_certificates')
        .select(['hygiene_employees.name as employee_name', 'hygiene_employees.position'])
        .orderBy('hygiene_certificates.expires_on')
        .orderBy('hygiene_certificates.id');
      if (page) select = select.offset(page.offset).limit(page.limit);
      return select.execute();
    },
    certificatesOfEmployees: (employeeIds: readonly string[]) =>
      employeeIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('hygiene_certificates')
            .selectAll()
            .where('employee_id', 'in', [...employeeIds])
            .orderBy('expires_on', 'desc')
            .execute(),
    certificate: (id: string) => scope.selectFrom('hygiene_certificates').selectAll().where('id', '=', id).executeTakeFirst(),
    insertCertificate: (row: Unscoped<HygieneCertificatesTable>) => scope.insertInto('hygiene_certificates', [row]).execute(),
    updateCertificate: (id: string, values: Partial<Omit<HygieneCertificatesTable, 'customer_id' | 'id'>>) =>
      scope.updateTable('hygiene_certificates').set(values).where('id', '=', id).execute(),
    deleteCertificates: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : scope
            .deleteFrom('hygiene_certificates')
            .where('id', 'in', [...ids])
            .execute(),
    /** Certificates whose expiry is on or before `until` with a notice not yet claimed (the reminder scan). */
    certificatesDue: (until: string) =>
      scope
        .selectFrom('hygiene_certificates')
        .selectAll()
        .where('expires_on', '<=', until)
        .where((eb) => eb.or([eb('remind30_at', 'is', null), eb('remind7_at', 'is', null), eb('expired_at', 'is', null)]))
        .execute(),
    /**
     * Takes one notice of a certificate (its column still empty), setting with it the notices it
     * makes pointless: true for the one caller that took it, so a notice goes out once.
     */
    async claimReminder(id: string, column: ReminderColumn, values: Partial<Record<ReminderColumn, string>>): Promise<boolean> {
      const [result] = await scope.updateTable('hygiene_certificates').set(values).where('id', '=', id).where(column, 'is', null).execute();
      return Number(result?.numUpdatedRows ?? 0) > 0;
    },

    // ---------------------------------------------------------------- records
    countRecords: async (query: { kind: HygieneRecordKind; shopIds: Shops; startDate?: string | undefined; endDate?: string | undefined }) =>
      Number(
        (
          await recordsOf(query)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      ),
    listRecords: (
      query: { kind: HygieneRecordKind; shopIds: Shops; startDate?: string | undefined; endDate?: string | undefined },
      page?: { offset: number; limit: number },
    ) => {
      let select = recordsOf(query).selectAll().orderBy('occurred_at', 'desc').orderBy('id', 'desc');
      if (page) select = select.offset(page.offset).limit(page.limit);
      return select.execute();
    },
    record: (id: string) => scope.selectFrom('hygiene_records').selectAll().where('id', '=', id).executeTakeFirst(),
    insertRecord: (row: Unscoped<HygieneRecordsTable>) => scope.insertInto('hygiene_records', [row]).execute(),
    deleteRecord: (id: string) => scope.deleteFrom('hygiene_records').where('id', '=', id).execute(),
    attendeesOf: (recordIds: readonly string[]) =>
      recordIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('hygiene_attendees')
            .selectAll()
            .where('record_id', 'in', [...recordIds])
            .orderBy('name')
            .execute(),
    recordIdsAttendedBy: async (employeeId: string) =>
      (await scope.selectFrom('hygiene_attendees').select('record_id').where('employee_id', '=', employeeId).execute()).map((row) => row.record_id),
    recordsByIds: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('hygiene_records')
            .selectAll()
            .where('id', 'in', [...ids])
            .orderBy('occurred_at', 'desc')
            .execute(),
    insertAttendees: (rows: Unscoped<HygieneAttendeesTable>[]) =>
      rows.length === 0 ? Promise.resolve([]) : scope.insertInto('hygiene_attendees', rows).execute(),
    deleteAttendeesOfRecord: (recordId: string) => scope.deleteFrom('hygiene_attendees').where('record_id', '=', recordId).execute(),

    /** The latest local day with a disinfection record, per store of the list (stores without any are left out). */
    async lastDisinfection(shopIds: Shops): Promise<Map<string, string>> {
      let select = scope
        .selectFrom('hygiene_records')
        .select(['shop_id'])
        .select((eb) => eb.fn.max('local_date').as('last'))
        .where('kind', '=', 'disinfection')
        .groupBy('shop_id');
      if (shopIds !== null) select = select.where('shop_id', 'in', inShops(shopIds));
      return new Map((await select.execute()).map((row) => [row.shop_id, String(row.last)]));
    },

    /** Per store of the period: disinfection days, training and waste counts, waste kg. */
    async recordTallies(shopIds: Shops, startDate: string, endDate: string) {
      let select = scope
        .selectFrom('hygiene_records')
        .select(['shop_id', 'kind', 'local_date'])
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number | string | null>('weight_kg').as('kg')])
        .where('local_date', '>=', startDate)
        .where('local_date', '<=', endDate)
        .groupBy(['shop_id', 'kind', 'local_date']);
      if (shopIds !== null) select = select.where('shop_id', 'in', inShops(shopIds));
      return (await select.execute()).map((row) => ({
        shopId: row.shop_id,
        kind: row.kind,
        localDate: row.local_date,
        count: Number(row.n),
        kg: Number(row.kg ?? 0),
      }));
    },

    // ---------------------------------------------------------------- pictures
    insertMedia: (row: Unscoped<HygieneMediaTable>) => scope.insertInto('hygiene_media', [row]).execute(),
    media: (id: string) => scope.selectFrom('hygiene_media').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Takes a waiting upload of the caller for an owner: true when it was theirs and waiting. */
    async claimUpload(mediaId: string, userId: string, ownerId: string, shopId: string): Promise<boolean> {
      const [result] = await scope
        .updateTable('hygiene_media')
        .set({ owner_id: ownerId, shop_id: shopId })
        .where('id', '=', mediaId)
        .where('created_by', '=', userId)
        .where('owner_id', 'is', null)
        .execute();
      return Number(result?.numUpdatedRows ?? 0) > 0;
    },
    mediaOfOwners: (ownerIds: readonly string[]) =>
      ownerIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('hygiene_media')
            .selectAll()
            .where('owner_id', 'in', [...ownerIds])
            .execute(),
    deleteMedia: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : scope
            .deleteFrom('hygiene_media')
            .where('id', 'in', [...ids])
            .execute(),
  };
}
export type HygieneRepo = ReturnType<typeof hygieneRepo>;

/** Every customer (the reminder scan then works inside each one); customers is not a tenant table. */
export async function customerIds(db: DB): Promise<string[]> {
  return (await db.selectFrom('customers').select('id').execute()).map((row) => row.id);
}
