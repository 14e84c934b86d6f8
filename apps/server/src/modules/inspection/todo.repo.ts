import { containsKeyword } from '../../platform/db/like-pattern.ts';
import type { InspectionAssignmentItemsTable, InspectionResultMediaTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export type ResultMediaStored = Omit<InspectionResultMediaTable, 'customer_id'>;

export interface TodoFilter {
  userId: string;
  /** Null: every shop of the customer. */
  shopIds: readonly string[] | null;
  keyword?: string | undefined;
  shopId?: string | undefined;
}

/** An assignment with what the to-do and the submission need of its plan and store. */
export interface TodoAssignment {
  id: string;
  plan_id: string;
  shop_id: string;
  batch_date: string;
  time_zone: string;
  window_start: string;
  window_end: string;
  status: 'pending' | 'completed' | 'cancelled';
  method: 'remote' | 'onsite' | null;
  item_count: number;
  completed_by: string | null;
  completed_at: string | null;
  passed: number;
  failed: number;
  invalid: number;
  submission_key: string | null;
  plan_name: string;
  plan_lifecycle: string;
  plan_founder: string;
  shop_name: string;
}

const MEDIA_COLUMNS = [
  'id',
  'assignment_id',
  'item_id',
  'kind',
  'storage_key',
  'sha256',
  'width',
  'height',
  'camera_id',
  'captured_at',
  'client_key',
  'created_by',
  'created_at',
] as const;

/** The data of doing an inspection: the handler's open assignments, their items, screenshots and images, and the submission. */
export function todoRepo(scope: TenantScope) {
  /** Open assignments of active plans the user handles, in the given shops. */
  function openAssignments(filter: TodoFilter) {
    let query = scope
      .selectFrom('inspection_assignments as a')
      .innerJoin('inspection_plans as p', (join) => join.onRef('p.customer_id', '=', 'a.customer_id').onRef('p.id', '=', 'a.plan_id'))
      .innerJoin('inspection_plan_handlers as h', (join) => join.onRef('h.customer_id', '=', 'a.customer_id').onRef('h.plan_id', '=', 'a.plan_id'))
      .innerJoin('shops as s', (join) => join.onRef('s.customer_id', '=', 'a.customer_id').onRef('s.id', '=', 'a.shop_id'))
      .where('a.status', '=', 'pending')
      .where('p.lifecycle', '=', 'active')
      // A warehouse plan's assignments have no checklist: their checks are judged on the warehouse patrol pages.
      .where('p.plan_type', '=', 'patrol')
      .where('h.user_id', '=', filter.userId);
    if (filter.shopIds !== null) {
      if (filter.shopIds.length === 0) return null;
      query = query.where('a.shop_id', 'in', [...filter.shopIds]);
    }
    if (filter.shopId) query = query.where('a.shop_id', '=', filter.shopId);
    if (filter.keyword) {
      const keyword = filter.keyword;
      query = query.where((eb) => eb.or([containsKeyword('p.name', keyword), containsKeyword('s.name', keyword)]));
    }
    return query;
  }

  return {
    /** Submitted assignments the user handles (plan handler) or submitted, in the given shops, newest first. */
    async donePage(filter: TodoFilter, page: { offset: number; limit: number }) {
      if (filter.shopIds !== null && filter.shopIds.length === 0) return { total: 0, rows: [] };
      let base = scope
        .selectFrom('inspection_assignments as a')
        .innerJoin('inspection_plans as p', (join) => join.onRef('p.customer_id', '=', 'a.customer_id').onRef('p.id', '=', 'a.plan_id'))
        .innerJoin('shops as s', (join) => join.onRef('s.customer_id', '=', 'a.customer_id').onRef('s.id', '=', 'a.shop_id'))
        .where('a.status', '=', 'completed')
        .where((eb) =>
          eb.or([
            eb('a.completed_by', '=', filter.userId),
            eb.exists(
              eb
                .selectFrom('inspection_plan_handlers as h')
                .select('h.user_id')
                .whereRef('h.customer_id', '=', 'a.customer_id')
                .whereRef('h.plan_id', '=', 'a.plan_id')
                .where('h.user_id', '=', filter.userId),
            ),
          ]),
        );
      if (filter.shopIds !== null) base = base.where('a.shop_id', 'in', [...filter.shopIds]);
      if (filter.shopId) base = base.where('a.shop_id', '=', filter.shopId);
      if (filter.keyword) {
        const keyword = filter.keyword;
        base = base.where((eb) => eb.or([containsKeyword('p.name', keyword), containsKeyword('s.name', keyword)]));
      }
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        base
          .select([
            'a.id',
            'a.plan_id',
            'a.shop_id',
            'a.batch_date',
            'a.time_zone',
            'a.method',
            'a.passed',
            'a.failed',
            'a.invalid',
            'a.completed_by',
            'a.completed_at',
            'p.name as plan_name',
            's.name as shop_name',
          ])
          .orderBy('a.completed_at', 'desc')
          .orderBy('a.id')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
      ]);
      return { total: Number(count?.n ?? 0), rows };
    },

    async todoPage(filter: TodoFilter, page: { offset: number; limit: number }) {
      const base = openAssignments(filter);
      if (!base) return { total: 0, rows: [] };
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        base
          .select([
            'a.id',
            'a.plan_id',
            'a.shop_id',
            'a.batch_date',
            'a.time_zone',
            'a.window_start',
            'a.window_end',
            'a.item_count',
            'p.name as plan_name',
            's.name as shop_name',
          ])
          .orderBy('a.window_end')
          .orderBy('s.name')
          .orderBy('a.id')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
      ]);
      return { total: Number(count?.n ?? 0), rows };
    },

    /** Of these assignments, those with a screenshot or image already taken (in progress). */
    async started(assignmentIds: readonly string[]): Promise<Set<string>> {
      if (assignmentIds.length === 0) return new Set();
      const rows = await scope
        .selectFrom('inspection_result_media')
        .select('assignment_id')
        .distinct()
        .where('assignment_id', 'in', [...assignmentIds])
        .execute();
      return new Set(rows.map((row) => row.assignment_id));
    },

    assignment: (assignmentId: string): Promise<TodoAssignment | undefined> =>
      scope
        .selectFrom('inspection_assignments as a')
        .innerJoin('inspection_plans as p', (join) => join.onRef('p.customer_id', '=', 'a.customer_id').onRef('p.id', '=', 'a.plan_id'))
        .innerJoin('shops as s', (join) => join.onRef('s.customer_id', '=', 'a.customer_id').onRef('s.id', '=', 'a.shop_id'))
        .select([
          'a.id',
          'a.plan_id',
          'a.shop_id',
          'a.batch_date',
          'a.time_zone',
          'a.window_start',
          'a.window_end',
          'a.status',
          'a.method',
          'a.item_count',
          'a.completed_by',
          'a.completed_at',
          'a.passed',
          'a.failed',
          'a.invalid',
          'a.submission_key',
          'p.name as plan_name',
          'p.lifecycle as plan_lifecycle',
          'p.created_by as plan_founder',
          's.name as shop_name',
        ])
        .where('a.id', '=', assignmentId)
        .executeTakeFirst(),

    async isHandler(planId: string, userId: string): Promise<boolean> {
      const row = await scope
        .selectFrom('inspection_plan_handlers')
        .select('user_id')
        .where('plan_id', '=', planId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The checklist: the items as snapshotted into the assignment, with the SOP item's description and reference image now. */
    items: (assignmentId: string) =>
      scope
        .selectFrom('inspection_assignment_items as ai')
        .leftJoin('inspection_items as i', (join) => join.onRef('i.customer_id', '=', 'ai.customer_id').onRef('i.id', '=', 'ai.item_id'))
        .select([
          'ai.item_id',
          'ai.position',
          'ai.item_name',
          'ai.category_name',
          'ai.result',
          'ai.remark',
          'ai.rectification_id',
          'i.description',
          'i.image_key',
        ])
        .where('ai.assignment_id', '=', assignmentId)
        .orderBy('ai.position')
        .execute(),

    cameras: (shopId: string) =>
      scope
        .selectFrom('cameras')
        .select(['id', 'name', 'number'])
        .where('shop_id', '=', shopId)
        .where('enabled', '=', 1)
        .orderBy('number')
        .orderBy('id')
        .execute(),

    media: (assignmentId: string): Promise<ResultMediaStored[]> =>
      scope
        .selectFrom('inspection_result_media')
        .select([...MEDIA_COLUMNS])
        .where('assignment_id', '=', assignmentId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    mediaById: (mediaId: string): Promise<ResultMediaStored | undefined> =>
      scope
        .selectFrom('inspection_result_media')
        .select([...MEDIA_COLUMNS])
        .where('id', '=', mediaId)
        .executeTakeFirst(),

    /** The picture an offline resend already delivered under this client key. */
    mediaByClientKey: (assignmentId: string, clientKey: string): Promise<ResultMediaStored | undefined> =>
      scope
        .selectFrom('inspection_result_media')
        .select([...MEDIA_COLUMNS])
        .where('assignment_id', '=', assignmentId)
        .where('client_key', '=', clientKey)
        .executeTakeFirst(),

    async imageCount(assignmentId: string, itemId: string): Promise<number> {
      const row = await scope
        .selectFrom('inspection_result_media')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('assignment_id', '=', assignmentId)
        .where('item_id', '=', itemId)
        .where('kind', '=', 'image')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    insertMedia: (row: ResultMediaStored) => scope.insertInto('inspection_result_media', [row]).execute(),
    deleteMedia: (mediaId: string) => scope.deleteFrom('inspection_result_media').where('id', '=', mediaId).execute(),

    /** Completes the assignment only if still pending: of two submissions racing, one wins (results are immutable). */
    async complete(
      assignmentId: string,
      changes: {
        method: 'remote' | 'onsite';
        passed: number;
        failed: number;
        invalid: number;
        /** Null: completed by the system (a warehouse patrol's checks), not a person's submission. */
        completed_by: string | null;
        completed_at: string;
        submission_key: string | null;
      },
    ): Promise<boolean> {
      const result = await scope
        .updateTable('inspection_assignments')
        .set({ status: 'completed', ...changes })
        .where('id', '=', assignmentId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    recordItem: (assignmentId: string, itemId: string, changes: Pick<InspectionAssignmentItemsTable, 'result' | 'remark' | 'recorded_by' | 'recorded_at'>) =>
      scope.updateTable('inspection_assignment_items').set(changes).where('assignment_id', '=', assignmentId).where('item_id', '=', itemId).execute(),

    /** The rectification a failed item raised (the rectification domain's id, written back in the same transaction). */
    setRectification: (assignmentId: string, itemId: string, rectificationId: string) =>
      scope
        .updateTable('inspection_assignment_items')
        .set({ rectification_id: rectificationId })
        .where('assignment_id', '=', assignmentId)
        .where('item_id', '=', itemId)
        .execute(),

    userName: (userId: string) =>
      scope
        .selectFrom('memberships')
        // Users are global; joined on the membership's user, the customer filter stays.
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['users.surname', 'users.given_name'])
        .where('memberships.user_id', '=', userId)
        .executeTakeFirst(),

    /** The names of several members at once (a page of the done list names its submitters in one read). */
    userNames: (userIds: readonly string[]) =>
      userIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('memberships')
            .innerJoin('users', 'users.id', 'memberships.user_id')
            .select(['users.id', 'users.surname', 'users.given_name'])
            .where('memberships.user_id', 'in', [...userIds])
            .execute(),
  };
}
