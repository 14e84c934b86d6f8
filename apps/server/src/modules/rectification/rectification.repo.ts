import type { RectificationSource, RectificationState } from '@storelens/contracts';
import type { Selectable } from 'kysely';
import type { DB } from '../../platform/db/database.ts';
import { containsKeyword } from '../../platform/db/like-pattern.ts';
import type { RectificationHistoryTable, RectificationMediaTable, RectificationsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import type { Member, PeopleLayout } from './rectification-people.ts';
import { rectificationTotalsRepo, totalsChange } from './rectification-totals.repo.ts';

export type RectificationStored = Selectable<RectificationsTable>;
export type MediaStored = Selectable<RectificationMediaTable>;
export type HistoryStored = Selectable<RectificationHistoryTable>;

/** What a list asks for, resolved against the caller's scope (shopIds null: every shop). */
export interface ListQuery {
  shopIds: readonly string[] | null;
  handlerId?: string;
  /** Founder, reviewer or creator. */
  raisedBy?: string;
  keyword?: string | undefined;
  states?: readonly RectificationState[] | undefined;
  source?: RectificationSource | undefined;
  /** Open past this instant. */
  overdueAt?: string | undefined;
  openStates: readonly RectificationState[];
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  order: 'deadline' | 'created';
}

type NoticeColumn = 'due_soon_at' | 'overdue_at' | 'escalated_at';

export function rectificationRepo(scope: TenantScope) {
  const totals = rectificationTotalsRepo(scope);
  const filtered = (query: ListQuery) => {
    let select = scope.selectFrom('rectifications');
    if (query.shopIds !== null) select = select.where('shop_id', 'in', query.shopIds.length > 0 ? [...query.shopIds] : ['']);
    if (query.handlerId) select = select.where('handler_id', '=', query.handlerId);
    if (query.raisedBy) {
      const userId = query.raisedBy;
      select = select.where((eb) => eb.or([eb('founder_id', '=', userId), eb('reviewer_id', '=', userId), eb('created_by', '=', userId)]));
    }
    if (query.keyword) {
      const keyword = query.keyword;
      select = select.where((eb) =>
        eb.or(['item_name', 'problem', 'category_name', 'plan_name', 'event_name'].map((column) => containsKeyword(`rectifications.${column}`, keyword))),
      );
    }
    if (query.states && query.states.length > 0) select = select.where('state', 'in', [...query.states]);
    if (query.source) select = select.where('source', '=', query.source);
    if (query.overdueAt) select = select.where('state', 'in', [...query.openStates]).where('deadline', '<', query.overdueAt);
    if (query.createdFrom) select = select.where('created_at', '>=', query.createdFrom);
    if (query.createdTo) select = select.where('created_at', '<', query.createdTo);
    return select;
  };

  return {
    // ---------------------------------------------------------------- people and places

    /** The organisation tree, where the stores hang, and every member with role, grants and name. */
    async people(): Promise<{ layout: PeopleLayout; members: Member[] }> {
      const [orgs, shops, grants, members] = await Promise.all([
        scope.selectFrom('orgs').select(['id', 'parent_id', 'name', 'level', 'orgcode']).execute(),
        scope.selectFrom('shops').select(['id', 'org_id']).execute(),
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
            'users.surname',
            'users.given_name',
            'users.login_name',
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
          privileges: row.privileges,
          orgId: row.org_id,
          grantedShopIds: grantsOf.get(row.user_id) ?? [],
          enabled: row.enabled === 1 && row.account_enabled === 1,
          name: `${row.surname} ${row.given_name}`.trim() || row.login_name,
          locale: row.locale,
        })),
      };
    },

    /** Names of some members (people of a page of items), without the whole customer's people. */
    async namesOf(userIds: readonly string[]): Promise<Map<string, string>> {
      const wanted = [...new Set(userIds)];
      if (wanted.length === 0) return new Map();
      const rows = await scope
        .selectFrom('memberships')
        // Users are global; joined on the membership's user only.
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['memberships.user_id', 'users.surname', 'users.given_name', 'users.login_name'])
        .where('memberships.user_id', 'in', wanted)
        .execute();
      return new Map(rows.map((row) => [row.user_id, `${row.surname} ${row.given_name}`.trim() || row.login_name]));
    },

    shop: (shopId: string) => scope.selectFrom('shops').select(['id', 'name', 'number', 'time_zone', 'status']).where('id', '=', shopId).executeTakeFirst(),
    shopsByIds: (shopIds: readonly string[]) =>
      shopIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('shops')
            .select(['id', 'name', 'number', 'time_zone'])
            .where('id', 'in', [...shopIds])
            .execute(),
    camerasByIds: (cameraIds: readonly string[]) =>
      cameraIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('cameras')
            .select(['id', 'name', 'number', 'shop_id'])
            .where('id', 'in', [...cameraIds])
            .execute(),

    // ---------------------------------------------------------------- items

    find: (id: string) => scope.selectFrom('rectifications').selectAll().where('id', '=', id).executeTakeFirst(),
    bySourceKeys: (source: RectificationSource, keys: readonly string[]) =>
      keys.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('rectifications')
            .select(['id', 'source_key'])
            .where('source', '=', source)
            .where('source_key', 'in', [...keys])
            .execute(),
    /** Inserts unless the source key is taken (a failure raised twice): whether it was inserted. Counted in the totals (0048). */
    async insert(row: Omit<RectificationStored, 'customer_id'>): Promise<boolean> {
      const result = await scope
        .insertInto('rectifications', [row])
        .onConflict((conflict) => conflict.columns(['customer_id', 'source', 'source_key']).doNothing())
        .executeTakeFirst();
      const inserted = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
      if (inserted) await totals.add(totalsChange(null, row));
      return inserted;
    },
    /** Many rows in batches, a taken source key skipped as by `insert` (the inspection bench's year of failures). */
    async insertMany(rows: readonly Omit<RectificationStored, 'customer_id'>[]): Promise<void> {
      // About 45 columns a row: 400 rows stay under both databases' limits on bound parameters.
      for (let start = 0; start < rows.length; start += 400) {
        const part = rows.slice(start, start + 400);
        const inserted = await scope
          .insertInto('rectifications', part)
          .onConflict((conflict) => conflict.columns(['customer_id', 'source', 'source_key']).doNothing())
          .returning('id')
          .execute();
        const ids = new Set(inserted.map((row) => row.id));
        await totals.add(part.filter((row) => ids.has(row.id)).flatMap((row) => totalsChange(null, row)));
      }
    },
    /**
     * Changes an item only if it still stands where the caller saw it (`seen`: its state and
     * handler): a racing second action changes nothing. The totals (0048) move with it, in the
     * caller's transaction.
     */
    async move(seen: RectificationStored, patch: Partial<Omit<RectificationStored, 'customer_id' | 'id'>>) {
      const [result] = await scope
        .updateTable('rectifications')
        .set(patch)
        .where('id', '=', seen.id)
        .where('state', '=', seen.state)
        .where('handler_id', '=', seen.handler_id)
        .execute();
      const moved = Number(result?.numUpdatedRows ?? 0) > 0;
      if (moved) await totals.add(totalsChange(seen, { ...seen, ...patch }));
      return moved;
    },
    /** Takes a notice for one item: true for the one caller that set it. */
    async claimNotice(id: string, column: NoticeColumn, at: string, openStates: readonly RectificationState[]): Promise<boolean> {
      const [result] = await scope
        .updateTable('rectifications')
        .set({ [column]: at })
        .where('id', '=', id)
        .where(column, 'is', null)
        .where('state', 'in', [...openStates])
        .execute();
      return Number(result?.numUpdatedRows ?? 0) > 0;
    },
    /** Sets a frame's outcome once: true for the one caller that moved it from pending. */
    async settleFrame(id: string, which: 'evidence' | 'frame', status: 'captured' | 'missing', note: string | null): Promise<boolean> {
      const [result] =
        which === 'evidence'
          ? await scope
              .updateTable('rectifications')
              .set({ evidence_frame_status: status, evidence_frame_note: note })
              .where('id', '=', id)
              .where('evidence_frame_status', '=', 'pending')
              .execute()
          : await scope
              .updateTable('rectifications')
              .set({ frame_status: status, frame_note: note })
              .where('id', '=', id)
              .where('frame_status', '=', 'pending')
              .execute();
      return Number(result?.numUpdatedRows ?? 0) > 0;
    },

    async count(query: ListQuery): Promise<number> {
      const row = await filtered(query)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    list(query: ListQuery, page?: { offset: number; limit: number }) {
      let select = filtered(query).selectAll();
      select = query.order === 'deadline' ? select.orderBy('deadline', 'asc').orderBy('id', 'asc') : select.orderBy('created_at', 'desc').orderBy('id', 'desc');
      if (page) select = select.offset(page.offset).limit(page.limit);
      return select.execute();
    },

    /** Open items whose deadline (and, given, hand-over) lies before `until` and whose notice has not gone out. */
    noticesDue: (column: NoticeColumn, until: string, openStates: readonly RectificationState[], assignedUntil?: string) => {
      let query = scope
        .selectFrom('rectifications')
        .selectAll()
        .where('state', 'in', [...openStates])
        .where('deadline', '<=', until)
        .where(column, 'is', null);
      if (assignedUntil) query = query.where('assigned_at', '<=', assignedUntil);
      return query.orderBy('deadline').execute();
    },
    /** Items with a frame still to take: a manual item's evidence (any time), the deadline's once it has passed `deadlineBefore`. */
    framesDue: (deadlineBefore: string) =>
      scope
        .selectFrom('rectifications')
        .selectAll()
        .where((eb) => eb.or([eb('evidence_frame_status', '=', 'pending'), eb.and([eb('frame_status', '=', 'pending'), eb('deadline', '<=', deadlineBefore)])]))
        .orderBy('deadline')
        .execute(),

    // ---------------------------------------------------------------- media

    insertMedia: (rows: Omit<MediaStored, 'customer_id'>[]) =>
      rows.length === 0 ? Promise.resolve() : scope.insertInto('rectification_media', rows).execute(),
    media: (id: string) => scope.selectFrom('rectification_media').selectAll().where('id', '=', id).executeTakeFirst(),
    mediaOf: (rectificationIds: readonly string[]) =>
      rectificationIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('rectification_media')
            .selectAll()
            .where('rectification_id', 'in', [...rectificationIds])
            .orderBy('position')
            .orderBy('created_at')
            .orderBy('id')
            .execute(),
    /** The caller's own uploads that no answer or item has taken yet. */
    uploadsOf: (userId: string, mediaIds: readonly string[]) =>
      mediaIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('rectification_media')
            .selectAll()
            .where('id', 'in', [...mediaIds])
            .where('rectification_id', 'is', null)
            .where('created_by', '=', userId)
            .execute(),
    /** Gives the caller's waiting uploads to an item, in the order given: how many it took (fewer: someone else took one first). */
    async attach(userId: string, mediaIds: readonly string[], to: { rectificationId: string; role: 'evidence' | 'feedback'; round: number }) {
      let taken = 0;
      for (const [position, mediaId] of mediaIds.entries()) {
        const [result] = await scope
          .updateTable('rectification_media')
          .set({ rectification_id: to.rectificationId, role: to.role, round: to.round, position })
          .where('id', '=', mediaId)
          .where('rectification_id', 'is', null)
          .where('created_by', '=', userId)
          .execute();
        taken += Number(result?.numUpdatedRows ?? 0);
      }
      return taken;
    },
    uploadsBefore: (before: string) =>
      scope.selectFrom('rectification_media').select(['id', 'storage_key']).where('rectification_id', 'is', null).where('created_at', '<', before).execute(),
    deleteUploads: (mediaIds: readonly string[]) =>
      mediaIds.length === 0
        ? Promise.resolve()
        : scope
            .deleteFrom('rectification_media')
            .where('id', 'in', [...mediaIds])
            .where('rectification_id', 'is', null)
            .execute(),

    // ---------------------------------------------------------------- history

    insertHistory: (rows: Omit<HistoryStored, 'customer_id'>[]) =>
      rows.length === 0 ? Promise.resolve() : scope.insertInto('rectification_history', rows).execute(),
    history: (rectificationId: string) =>
      scope.selectFrom('rectification_history').selectAll().where('rectification_id', '=', rectificationId).orderBy('seq').orderBy('id').execute(),
    /** Whether the user handled the item before handing it over. */
    async handedOverBy(rectificationId: string, userId: string): Promise<boolean> {
      const row = await scope
        .selectFrom('rectification_history')
        .select('id')
        .where('rectification_id', '=', rectificationId)
        .where('action', '=', 'refer')
        .where('from_user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type RectificationRepo = ReturnType<typeof rectificationRepo>;

/**
 * The customers with work for the deadline scan: open items at or past a notice's threshold, or
 * frames to take, or uploads nobody used. The scan serves every customer (like the job worker);
 * everything after runs inside each customer's scope.
 */
export async function customersWithDeadlineWork(
  db: DB,
  at: { noticesUntil: string; framesBefore: string; uploadsBefore: string; openStates: readonly RectificationState[] },
): Promise<string[]> {
  const [items, uploads] = await Promise.all([
    db
      .selectFrom('rectifications')
      .select('customer_id')
      .distinct()
      .where((eb) =>
        eb.or([
          eb.and([
            eb('state', 'in', [...at.openStates]),
            eb('deadline', '<=', at.noticesUntil),
            eb.or([eb('due_soon_at', 'is', null), eb('overdue_at', 'is', null), eb('escalated_at', 'is', null)]),
          ]),
          eb('evidence_frame_status', '=', 'pending'),
          eb.and([eb('frame_status', '=', 'pending'), eb('deadline', '<=', at.framesBefore)]),
        ]),
      )
      .execute(),
    db
      .selectFrom('rectification_media')
      .select('customer_id')
      .distinct()
      .where('rectification_id', 'is', null)
      .where('created_at', '<', at.uploadsBefore)
      .execute(),
  ]);
  return [...new Set([...items, ...uploads].map((row) => row.customer_id))].sort();
}
