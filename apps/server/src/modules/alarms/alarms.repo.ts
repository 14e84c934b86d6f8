import type { AlarmState, AlarmTag } from '@storelens/contracts';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { AlarmClipsTable, AlarmHistoryTable, AlarmImagesTable, AlarmReportsTable, AlarmsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import { type AlarmTotalsChange, alarmTotalsRepo, dayTotalsOf } from './alarm-totals.repo.ts';

export type AlarmStored = Selectable<AlarmsTable>;
export type AlarmImageStored = Selectable<AlarmImagesTable>;
export type AlarmHistoryStored = Selectable<AlarmHistoryTable>;
export type AlarmClipStored = Selectable<AlarmClipsTable>;
type NewRow<T> = Omit<Insertable<T>, 'customer_id'>;
/** A new alarm, every column given (the totals read them). */
export type AlarmRow = Omit<AlarmStored, 'customer_id'>;

/** A list's filters resolved against the caller's scope (shopIds null: every shop). */
export interface AlarmQuery {
  shopIds: readonly string[] | null;
  eventCodes?: readonly string[] | undefined;
  priority?: 'high' | 'low' | undefined;
  states: readonly AlarmState[];
  tag?: AlarmTag | undefined;
  read?: boolean | undefined;
  /** Occurrence from (inclusive) to (exclusive), ISO. */
  from: string;
  to: string;
}

/** Alarms inserted per statement (19 columns each: under SQLite's and PostgreSQL's parameter limits). */
const INSERT_CHUNK = 1_000;
/** Reports, images and history rows per statement (up to 11 columns each). */
const CHUNK_OF_WIDE_ROWS = 1_000;

export function alarmsRepo(scope: TenantScope) {
  const totals = alarmTotalsRepo(scope);
  /**
   * An update of the alarm as it was read: it applies only while the columns the totals count by are
   * unchanged, so the totals move from exactly that row to the new one (false: another write won).
   */
  const updateFrom = async (
    before: AlarmStored,
    fields: Partial<Pick<AlarmStored, 'state' | 'tag' | 'delete_reason' | 'count' | 'occurred_at' | 'last_occurred_at' | 'updated_at'>>,
  ) => {
    const result = await scope
      .updateTable('alarms')
      .set(fields)
      .where('id', '=', before.id)
      .where('state', '=', before.state)
      .where('tag', '=', before.tag)
      .where('count', '=', before.count)
      .where('occurred_at', '=', before.occurred_at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await totals.apply([
      { alarm: before, sign: -1 },
      { alarm: { ...before, ...fields }, sign: 1 },
    ]);
    return true;
  };
  function filtered(query: AlarmQuery) {
    let q = scope
      .selectFrom('alarms')
      .where('occurred_at', '>=', query.from)
      .where('occurred_at', '<', query.to)
      .where('state', 'in', [...query.states]);
    if (query.shopIds !== null) q = q.where('shop_id', 'in', query.shopIds.length > 0 ? [...query.shopIds] : ['']);
    if (query.eventCodes && query.eventCodes.length > 0) q = q.where('event_code', 'in', [...query.eventCodes]);
    if (query.priority) q = q.where('priority', '=', query.priority);
    if (query.tag) q = q.where('tag', '=', query.tag);
    if (query.read === true) q = q.where('read_at', 'is not', null);
    if (query.read === false) q = q.where('read_at', 'is', null);
    return q;
  }

  return {
    // ---------------------------------------------------------------- ingestion

    findReport: (boxId: string, eventId: string) =>
      scope.selectFrom('alarm_reports').select(['id', 'alarm_id']).where('box_id', '=', boxId).where('event_id', '=', eventId).executeTakeFirst(),
    insertReport: (row: NewRow<AlarmReportsTable>) => scope.insertInto('alarm_reports', [row]).execute(),
    /** Of these event ids, those the box reported before. */
    reportedEventIds: async (boxId: string, eventIds: readonly string[]) => {
      const found = new Set<string>();
      for (let start = 0; start < eventIds.length; start += INSERT_CHUNK) {
        const rows = await scope
          .selectFrom('alarm_reports')
          .select('event_id')
          .where('box_id', '=', boxId)
          .where('event_id', 'in', eventIds.slice(start, start + INSERT_CHUNK))
          .execute();
        for (const row of rows) found.add(row.event_id);
      }
      return found;
    },
    insertReports: async (rows: NewRow<AlarmReportsTable>[]) => {
      for (let start = 0; start < rows.length; start += CHUNK_OF_WIDE_ROWS)
        await scope.insertInto('alarm_reports', rows.slice(start, start + CHUNK_OF_WIDE_ROWS)).execute();
    },
    /** The alarm a repeat folds into: the same item on the same camera, not deleted, within the window around `at`. */
    foldTarget: (cameraId: string, eventCode: string, windowStart: string, windowEnd: string) =>
      scope
        .selectFrom('alarms')
        .selectAll()
        .where('camera_id', '=', cameraId)
        .where('event_code', '=', eventCode)
        .where('state', '!=', 'deleted')
        .where('last_occurred_at', '>=', windowStart)
        .where('occurred_at', '<=', windowEnd)
        .orderBy('last_occurred_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    /**
     * New alarms without their totals: the caller adds them with applyTotals in the same
     * transaction (ingestion adds a batch's at once).
     */
    insertAlarmsTotalsLater: async (rows: readonly AlarmRow[]) => {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) await scope.insertInto('alarms', rows.slice(start, start + INSERT_CHUNK)).execute();
    },
    applyTotals: (changes: readonly AlarmTotalsChange[]) => totals.apply(changes),
    /** The totals summed again from every alarm of the customer, after alarms written in bulk without them. */
    rebuildTotals: () => totals.rebuild(),
    /** New alarms and their totals (call inside a transaction: the totals move with them). */
    insertAlarms: async (rows: readonly AlarmRow[]) => {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) await scope.insertInto('alarms', rows.slice(start, start + INSERT_CHUNK)).execute();
      await totals.apply(rows.map((alarm) => ({ alarm, sign: 1 })));
    },
    /** Counts a repeat on the alarm as read (false: another write moved it first; read it again). */
    fold: (before: AlarmStored, firstAt: string, lastAt: string, updatedAt: string) =>
      updateFrom(before, { count: before.count + 1, occurred_at: firstAt, last_occurred_at: lastAt, updated_at: updatedAt }),
    insertImages: async (rows: NewRow<AlarmImagesTable>[]) => {
      for (let start = 0; start < rows.length; start += CHUNK_OF_WIDE_ROWS)
        await scope.insertInto('alarm_images', rows.slice(start, start + CHUNK_OF_WIDE_ROWS)).execute();
    },
    shopOf: (shopId: string) => scope.selectFrom('shops').select(['id', 'name', 'time_zone']).where('id', '=', shopId).executeTakeFirst(),
    cameraNames: async (cameraIds: readonly string[]) =>
      cameraIds.length === 0
        ? new Map<string, string>()
        : new Map(
            (
              await scope
                .selectFrom('cameras')
                .select(['id', 'name'])
                .where('id', 'in', [...cameraIds])
                .execute()
            ).map((row) => [row.id, row.name]),
          ),
    shopNames: async (shopIds: readonly string[]) =>
      shopIds.length === 0
        ? new Map<string, string>()
        : new Map(
            (
              await scope
                .selectFrom('shops')
                .select(['id', 'name'])
                .where('id', 'in', [...shopIds])
                .execute()
            ).map((row) => [row.id, row.name]),
          ),

    /** Every member with role privileges, reach and language: who is told of a shop's alarms. */
    async members() {
      const [grants, members] = await Promise.all([
        scope.selectFrom('membership_shops').select(['user_id', 'shop_id']).execute(),
        scope
          .selectFrom('memberships')
          .innerJoin('roles', (join) => join.onRef('roles.customer_id', '=', 'memberships.customer_id').onRef('roles.id', '=', 'memberships.role_id'))
          // Users are global; joined on the membership's user only.
          .innerJoin('users', 'users.id', 'memberships.user_id')
          .select([
            'memberships.user_id',
            'memberships.org_id',
            'memberships.enabled',
            'roles.id as role_id',
            'roles.privileges',
            'users.enabled as account_enabled',
            'users.locale',
          ])
          .execute(),
      ]);
      return members.map((member) => ({
        userId: member.user_id,
        orgId: member.org_id,
        roleId: member.role_id,
        privileges: member.privileges,
        enabled: member.enabled === 1 && member.account_enabled === 1,
        locale: member.locale,
        grantedShopIds: grants.filter((grant) => grant.user_id === member.user_id).map((grant) => grant.shop_id),
      }));
    },

    // ---------------------------------------------------------------- review

    find: (alarmId: string) => scope.selectFrom('alarms').selectAll().where('id', '=', alarmId).executeTakeFirst(),
    /**
     * The list's total. Over whole UTC days and without the read filter it is a sum of the totals
     * kept by the writes (migration 0040): the customer's, or the named stores'; counting 90 days of
     * a chain's alarms (millions) read every one of them for its state.
     */
    count: async (query: AlarmQuery) => {
      const midnight = (at: string) => at.endsWith('T00:00:00.000Z');
      if (query.read !== undefined || !midnight(query.from) || !midnight(query.to)) {
        return Number(
          (
            await filtered(query)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      }
      const days = { from: query.from.slice(0, 10), to: query.to.slice(0, 10) };
      const states = [...query.states];
      const codes = query.eventCodes && query.eventCodes.length > 0 ? [...query.eventCodes] : null;
      const row = await dayTotalsOf(scope, query.shopIds)
        .select(sql<number | null>`sum(alarms)`.as('n'))
        .where('day', '>=', days.from)
        .where('day', '<', days.to)
        .where('state', 'in', states)
        .$if(codes !== null, (q) => q.where('event_code', 'in', codes ?? []))
        .$if(query.priority !== undefined, (q) => q.where('priority', '=', query.priority ?? 'high'))
        .$if(query.tag !== undefined, (q) => q.where('tag', '=', query.tag ?? 'none'))
        .executeTakeFirstOrThrow();
      return Number(row.n ?? 0);
    },
    /** A camera's alarms (not deleted) occurring in [from, to), oldest first, at most `limit`. */
    cameraMarks: (cameraId: string, from: string, to: string, limit: number) =>
      scope
        .selectFrom('alarms')
        .select(['occurred_at', 'event_code'])
        .where('camera_id', '=', cameraId)
        .where('occurred_at', '>=', from)
        .where('occurred_at', '<', to)
        .where('state', '!=', 'deleted')
        .orderBy('occurred_at')
        .limit(limit)
        .execute(),
    list: (query: AlarmQuery, page: { offset: number; limit: number }) =>
      filtered(query).selectAll().orderBy('occurred_at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    imageCounts: async (alarmIds: readonly string[]) =>
      alarmIds.length === 0
        ? new Map<string, number>()
        : new Map(
            (
              await scope
                .selectFrom('alarm_images')
                .select(['alarm_id', (eb) => eb.fn.countAll().as('n')])
                .where('alarm_id', 'in', [...alarmIds])
                .groupBy('alarm_id')
                .execute()
            ).map((row) => [row.alarm_id, Number(row.n)]),
          ),
    images: (alarmId: string) => scope.selectFrom('alarm_images').selectAll().where('alarm_id', '=', alarmId).orderBy('created_at').orderBy('idx').execute(),
    image: (imageId: string) => scope.selectFrom('alarm_images').selectAll().where('id', '=', imageId).executeTakeFirst(),
    clip: (alarmId: string) => scope.selectFrom('alarm_clips').selectAll().where('alarm_id', '=', alarmId).executeTakeFirst(),
    /** Keeps an alarm's first clip: false when the alarm already has one. */
    insertClip: async (row: NewRow<AlarmClipsTable>) =>
      Number(
        (
          await scope
            .insertInto('alarm_clips', [row])
            .onConflict((conflict) => conflict.columns(['customer_id', 'alarm_id']).doNothing())
            .executeTakeFirst()
        ).numInsertedOrUpdatedRows ?? 0,
      ) > 0,
    /**
     * Alarms of a shop's cameras raised in [from, to) with no clip yet, with the box's id of the
     * report that raised them (the demo's boxes post clips of these).
     */
    withoutClip: (from: string, to: string, limit: number) =>
      scope
        .selectFrom('alarms')
        // Both joined tables of the same customer only (the scope filters alarms).
        .innerJoin('alarm_reports', (join) =>
          join
            .onRef('alarm_reports.alarm_id', '=', 'alarms.id')
            .on('alarm_reports.customer_id', '=', scope.customerId)
            .on('alarm_reports.outcome', '=', 'raised'),
        )
        .leftJoin('alarm_clips', (join) => join.onRef('alarm_clips.alarm_id', '=', 'alarms.id').on('alarm_clips.customer_id', '=', scope.customerId))
        .select(['alarms.id', 'alarms.shop_id', 'alarms.camera_id', 'alarms.occurred_at', 'alarm_reports.box_id', 'alarm_reports.event_id'])
        .where('alarm_clips.alarm_id', 'is', null)
        .where('alarms.camera_id', 'is not', null)
        .where('alarms.occurred_at', '>=', from)
        .where('alarms.occurred_at', '<', to)
        .orderBy('alarms.occurred_at', 'desc')
        .limit(limit)
        .execute(),
    history: (alarmId: string) => scope.selectFrom('alarm_history').selectAll().where('alarm_id', '=', alarmId).orderBy('seq').execute(),
    insertHistory: (row: NewRow<AlarmHistoryTable>) => scope.insertInto('alarm_history', [row]).execute(),
    insertHistories: async (rows: NewRow<AlarmHistoryTable>[]) => {
      for (let start = 0; start < rows.length; start += CHUNK_OF_WIDE_ROWS)
        await scope.insertInto('alarm_history', rows.slice(start, start + CHUNK_OF_WIDE_ROWS)).execute();
    },
    namesOf: async (userIds: readonly string[]) => {
      const wanted = [...new Set(userIds)];
      if (wanted.length === 0) return new Map<string, string>();
      const rows = await scope
        .selectFrom('memberships')
        // Users are global; joined on the membership's user only.
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['memberships.user_id', 'users.surname', 'users.given_name'])
        .where('memberships.user_id', 'in', wanted)
        .execute();
      return new Map(rows.map((row) => [row.user_id, `${row.surname} ${row.given_name}`.trim()]));
    },
    /** Moves an alarm from the state read to the next: false when another action moved it first. */
    setState: (before: AlarmStored, fields: Pick<AlarmStored, 'state' | 'delete_reason' | 'updated_at'>) => updateFrom(before, fields),
    /** Tags the alarm as read: false when another action moved it first. */
    setTag: (before: AlarmStored, tag: AlarmTag, at: string) => updateFrom(before, { tag, updated_at: at }),
    setRectification: (alarmId: string, rectificationId: string, at: string) =>
      scope.updateTable('alarms').set({ rectification_id: rectificationId, updated_at: at }).where('id', '=', alarmId).execute(),
    markRead: async (alarmIds: readonly string[] | null, shopIds: readonly string[] | null, userId: string, at: string) => {
      let q = scope.updateTable('alarms').set({ read_at: at, read_by: userId }).where('read_at', 'is', null).where('state', '!=', 'deleted');
      if (alarmIds !== null) q = q.where('id', 'in', alarmIds.length > 0 ? [...alarmIds] : ['']);
      if (shopIds !== null) q = q.where('shop_id', 'in', shopIds.length > 0 ? [...shopIds] : ['']);
      return Number((await q.executeTakeFirst()).numUpdatedRows);
    },
  };
}
export type AlarmsRepo = ReturnType<typeof alarmsRepo>;
