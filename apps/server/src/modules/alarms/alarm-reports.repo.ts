import type { Insertable, Selectable } from 'kysely';
import type { AlarmErrorReportsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

type NewRow<T> = Omit<Insertable<T>, 'customer_id'>;
export type AlarmErrorReportStored = Selectable<AlarmErrorReportsTable>;

export interface AlarmErrorReportQuery {
  shopIds: readonly string[] | null;
  states?: readonly AlarmErrorReportStored['state'][] | undefined;
  alarmId?: string | undefined;
  reporterId?: string | undefined;
  /** Made from (inclusive) to (exclusive), ISO. */
  from: string;
  to: string;
}

/** Incident reports (people's AI error reports on alarms). */
export function alarmReportsRepo(scope: TenantScope) {
  function filtered(query: AlarmErrorReportQuery) {
    let q = scope.selectFrom('alarm_error_reports').where('created_at', '>=', query.from).where('created_at', '<', query.to);
    if (query.shopIds !== null) q = q.where('shop_id', 'in', query.shopIds.length > 0 ? [...query.shopIds] : ['']);
    if (query.states && query.states.length > 0) q = q.where('state', 'in', [...query.states]);
    if (query.alarmId) q = q.where('alarm_id', '=', query.alarmId);
    if (query.reporterId) q = q.where('reporter_id', '=', query.reporterId);
    return q;
  }
  return {
    find: (reportId: string) => scope.selectFrom('alarm_error_reports').selectAll().where('id', '=', reportId).executeTakeFirst(),
    findOf: (alarmId: string, reporterId: string) =>
      scope.selectFrom('alarm_error_reports').selectAll().where('alarm_id', '=', alarmId).where('reporter_id', '=', reporterId).executeTakeFirst(),
    /** A second report of the same person on the same alarm (a race) adds nothing: the unique key. */
    insert: (row: NewRow<AlarmErrorReportsTable>) =>
      scope
        .insertInto('alarm_error_reports', [row])
        .onConflict((oc) => oc.columns(['customer_id', 'alarm_id', 'reporter_id']).doNothing())
        .execute(),
    count: async (query: AlarmErrorReportQuery) =>
      Number(
        (
          await filtered(query)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    list: (query: AlarmErrorReportQuery, page: { offset: number; limit: number }) =>
      filtered(query).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    /** Pending to decided, on the state read: false when another operator decided first. */
    decide: async (reportId: string, fields: Pick<AlarmErrorReportStored, 'state' | 'outcome_note' | 'handled_by' | 'handled_at'>) =>
      Number(
        (await scope.updateTable('alarm_error_reports').set(fields).where('id', '=', reportId).where('state', '=', 'pending').executeTakeFirst())
          .numUpdatedRows,
      ) > 0,
    /** The reporter's language (users are global; the reporter is a member of this customer). */
    localeOf: async (userId: string) => (await scope.db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst())?.locale ?? 'en',
  };
}
