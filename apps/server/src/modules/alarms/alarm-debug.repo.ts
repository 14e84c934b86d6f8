import type { Insertable, Selectable } from 'kysely';
import type { AlarmFilteredReportsTable, AlarmReportsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import type { AlarmStored } from './alarms.repo.ts';

type NewRow<T> = Omit<Insertable<T>, 'customer_id'>;
export type AlarmFilteredStored = Selectable<AlarmFilteredReportsTable>;
export type AlarmReportStored = Selectable<AlarmReportsTable>;

/** The debug list's filters, resolved against the caller's scope (shopIds null: every shop). */
export interface AlarmDebugQuery {
  shopIds: readonly string[] | null;
  outcomes: readonly ('raised' | 'folded' | 'ignoredClosed')[];
  deletedOnly: boolean;
  eventCode?: string | undefined;
  /** Reception from (inclusive) to (exclusive), ISO. */
  from: string;
  to: string;
}

/** The deletion page's filters (occurrence from inclusive, to exclusive). */
export interface DeletedQuery {
  shopIds: readonly string[] | null;
  deleteReason?: AlarmStored['delete_reason'] | undefined;
  from: string;
  to: string;
}

/** One line of the debug list: a report of either table, with its alarm's state when it has one. */
export interface AlarmDebugLine {
  id: string;
  outcome: 'raised' | 'folded' | 'ignoredClosed';
  alarm_id: string | null;
  state: AlarmStored['state'] | null;
  delete_reason: AlarmStored['delete_reason'];
  shop_id: string;
  camera_id: string | null;
  event_code: string;
  priority: 'high' | 'low';
  box_id: string;
  event_id: string;
  batch_ref: string;
  occurred_at: string;
  received_at: string;
  payload: string;
}

/**
 * Event debugging's reads (issue 15 section 4): the reports that became or folded into alarms
 * (alarm_reports, joined to their alarm) and those the system filtered (alarm_filtered_reports),
 * read as one list ordered by reception.
 */
export function alarmDebugRepo(scope: TenantScope) {
  const customerId = scope.customerId;
  function kept(query: AlarmDebugQuery) {
    let q = scope
      .selectFrom('alarm_reports as r')
      // The alarm of the same customer only (the scope filters r; the join names the customer too).
      .innerJoin('alarms as a', (join) => join.onRef('a.id', '=', 'r.alarm_id').on('a.customer_id', '=', customerId))
      .select([
        'r.id',
        'r.outcome',
        'r.alarm_id',
        'a.state',
        'a.delete_reason',
        'r.shop_id',
        'a.camera_id',
        'a.event_code',
        'a.priority',
        'r.box_id',
        'r.event_id',
        'r.batch_ref',
        'r.occurred_at',
        'r.received_at',
        'r.payload',
      ])
      .where('r.received_at', '>=', query.from)
      .where('r.received_at', '<', query.to)
      .where(
        'r.outcome',
        'in',
        query.outcomes.flatMap((outcome) => (outcome === 'ignoredClosed' ? [] : [outcome])),
      );
    if (query.shopIds !== null) q = q.where('r.shop_id', 'in', query.shopIds.length > 0 ? [...query.shopIds] : ['']);
    if (query.eventCode) q = q.where('a.event_code', '=', query.eventCode);
    if (query.deletedOnly) q = q.where('a.state', '=', 'deleted');
    return q;
  }
  function filtered(query: AlarmDebugQuery) {
    let q = scope
      .selectFrom('alarm_filtered_reports as f')
      .select((eb) => [
        'f.id',
        'f.outcome',
        eb.val<string | null>(null).as('alarm_id'),
        eb.val<AlarmStored['state'] | null>(null).as('state'),
        eb.val<AlarmStored['delete_reason']>(null).as('delete_reason'),
        'f.shop_id',
        'f.camera_id',
        'f.event_code',
        'f.priority',
        'f.box_id',
        'f.event_id',
        'f.batch_ref',
        'f.occurred_at',
        'f.received_at',
        'f.payload',
      ])
      .where('f.received_at', '>=', query.from)
      .where('f.received_at', '<', query.to);
    if (query.shopIds !== null) q = q.where('f.shop_id', 'in', query.shopIds.length > 0 ? [...query.shopIds] : ['']);
    if (query.eventCode) q = q.where('f.event_code', '=', query.eventCode);
    return q;
  }
  function deletedOf(query: DeletedQuery) {
    let q = scope.selectFrom('alarms').where('state', '=', 'deleted').where('occurred_at', '>=', query.from).where('occurred_at', '<', query.to);
    if (query.shopIds !== null) q = q.where('shop_id', 'in', query.shopIds.length > 0 ? [...query.shopIds] : ['']);
    if (query.deleteReason) q = q.where('delete_reason', '=', query.deleteReason);
    return q;
  }
  const wantsFiltered = (query: AlarmDebugQuery) => query.outcomes.includes('ignoredClosed') && !query.deletedOnly;
  const wantsKept = (query: AlarmDebugQuery) => query.outcomes.some((outcome) => outcome !== 'ignoredClosed');

  return {
    // ---------------------------------------------------------------- ingestion
    findFiltered: (boxId: string, eventId: string) =>
      scope.selectFrom('alarm_filtered_reports').select('id').where('box_id', '=', boxId).where('event_id', '=', eventId).executeTakeFirst(),
    insertFiltered: (row: NewRow<AlarmFilteredReportsTable>) => scope.insertInto('alarm_filtered_reports', [row]).execute(),

    // ---------------------------------------------------------------- reads
    async count(query: AlarmDebugQuery): Promise<number> {
      let total = 0;
      if (wantsKept(query))
        total += Number(
          (
            await kept(query)
              .clearSelect()
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      if (wantsFiltered(query))
        total += Number(
          (
            await filtered(query)
              .clearSelect()
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return total;
    },
    async list(query: AlarmDebugQuery, page: { offset: number; limit: number }): Promise<AlarmDebugLine[]> {
      // Each side is read up to the page's end, then merged: the union stays in the tenant scope's builders.
      const upTo = page.offset + page.limit;
      const [a, b] = await Promise.all([
        wantsKept(query) ? kept(query).orderBy('r.received_at', 'desc').orderBy('r.id', 'desc').limit(upTo).execute() : [],
        wantsFiltered(query) ? filtered(query).orderBy('f.received_at', 'desc').orderBy('f.id', 'desc').limit(upTo).execute() : [],
      ]);
      const merged = [...a, ...b] as AlarmDebugLine[];
      merged.sort((x, y) => (x.received_at === y.received_at ? y.id.localeCompare(x.id) : y.received_at.localeCompare(x.received_at)));
      return merged.slice(page.offset, upTo);
    },
    report: async (reportId: string): Promise<AlarmDebugLine | undefined> => {
      const query: AlarmDebugQuery = { shopIds: null, outcomes: ['raised', 'folded', 'ignoredClosed'], deletedOnly: false, from: '', to: '\uffff' };
      const own = await kept(query).where('r.id', '=', reportId).executeTakeFirst();
      if (own) return own as AlarmDebugLine;
      return (await filtered(query).where('f.id', '=', reportId).executeTakeFirst()) as AlarmDebugLine | undefined;
    },
    reportsOf: async (alarmId: string): Promise<AlarmDebugLine[]> => {
      const query: AlarmDebugQuery = { shopIds: null, outcomes: ['raised', 'folded'], deletedOnly: false, from: '', to: '\uffff' };
      return (await kept(query).where('r.alarm_id', '=', alarmId).orderBy('r.received_at').orderBy('r.id').execute()) as AlarmDebugLine[];
    },
    imagesOfReports: async (reportIds: readonly string[]) =>
      reportIds.length === 0
        ? []
        : scope
            .selectFrom('alarm_images')
            .select(['report_id', 'idx', 'width', 'height', 'sha256'])
            .where('report_id', 'in', [...reportIds])
            .execute(),
    messagesOf: async (alarmId: string) =>
      Number(
        (
          await scope
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('source', '=', 'alarms.raised')
            .where('ref_id', '=', alarmId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    // ---------------------------------------------------------------- the deletion page
    deletedCount: async (query: DeletedQuery) =>
      Number(
        (
          await deletedOf(query)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    deletedList: (query: DeletedQuery, page: { offset: number; limit: number }) =>
      deletedOf(query).selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    /** The latest delete entry of each alarm: who deleted it, when, with what remark. */
    lastDeletes: async (alarmIds: readonly string[]) => {
      if (alarmIds.length === 0) return new Map<string, { user_id: string | null; created_at: string; reason: string | null }>();
      const rows = await scope
        .selectFrom('alarm_history')
        .select(['alarm_id', 'user_id', 'created_at', 'reason', 'seq'])
        .where('action', '=', 'delete')
        .where('alarm_id', 'in', [...alarmIds])
        .orderBy('seq')
        .execute();
      return new Map(rows.map((row) => [row.alarm_id, row]));
    },
  };
}
