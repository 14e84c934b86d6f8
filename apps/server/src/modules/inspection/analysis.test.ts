import { analysisOperations as ops, type PatrolStats, ResponseStatus, RoleId, rectificationOperations } from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, signIn } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import {
  buildItems,
  buildPlan,
  expectStoreTotalsAgree,
  keptRectificationTotals,
  ok,
  rebuildRectificationTotals,
  rerunTotalsMigrations,
  storeTotalsBothWays,
} from '../../../test/support/inspection.ts';
import { buildRectificationChain, ok as okRectification, type RectificationChain } from '../../../test/support/rectification.ts';
import { newId } from '../../platform/ids.ts';
import { createJobQueue } from '../../platform/jobs/jobs.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { setClock } from '../../platform/time/clock.ts';
import { createRectificationService } from '../rectification/rectification.service.ts';
import { analysisRepo } from './analysis.repo.ts';
import { periodsOf } from './analysis.service.ts';
import { createOccurrenceService } from './occurrences.ts';
import { planTotalsRepo } from './plan-totals.repo.ts';

/**
 * Inspection analysis (issue 14 section 5) on a small hand-made history: a daily plan of three
 * items (Door and Lights in "Front", Till in "Back") in Store One and Two (Shanghai city, East
 * region) and West One (Sydney, West region), three days in range and one beyond it. Every expected
 * number below is counted by hand from the table in `seed`.
 */
let t: TestApp;
let chain: RectificationChain;
let planId: string;
let door: string;
let lights: string;
let till: string;
const RANGE = { startDate: '2026-05-01', endDate: '2026-05-03' };
type Result = 'pass' | 'fail' | 'invalid';

async function assignment(shopId: string, date: string) {
  const row = await t.db
    .selectFrom('inspection_assignments')
    .selectAll()
    .where('plan_id', '=', planId)
    .where('shop_id', '=', shopId)
    .where('batch_date', '=', date)
    .executeTakeFirstOrThrow();
  return row;
}

/** Records an assignment's results as a submission leaves them (item results and the assignment's counts). */
async function record(shopId: string, date: string, results: [Result, Result, Result]) {
  const row = await assignment(shopId, date);
  for (const [index, itemId] of [door, lights, till].entries())
    await t.db
      .updateTable('inspection_assignment_items')
      .set({ result: results[index] ?? null, recorded_at: `${date}T03:00:00.000Z` })
      .where('assignment_id', '=', row.id)
      .where('item_id', '=', itemId)
      .execute();
  // The totals as the submission adds them (this seed writes results without submitting).
  const items = await t.db.selectFrom('inspection_assignment_items').selectAll().where('assignment_id', '=', row.id).execute();
  await analysisRepo(tenantScope(t.db, chain.customerId)).addItemTotals([
    {
      shopId,
      batchDate: date,
      results: items.flatMap((item) => {
        const result = results[[door, lights, till].indexOf(item.item_id)];
        return result ? [{ itemId: item.item_id, itemName: item.item_name, categoryName: item.category_name, result }] : [];
      }),
    },
  ]);
  const count = (result: Result) => results.filter((one) => one === result).length;
  await t.db
    .updateTable('inspection_assignments')
    .set({
      status: 'completed',
      method: 'remote',
      passed: count('pass'),
      failed: count('fail'),
      invalid: count('invalid'),
      completed_at: `${date}T03:00:00.000Z`,
    })
    .where('id', '=', row.id)
    .execute();
  await planTotalsRepo(tenantScope(t.db, chain.customerId)).completed(row, {
    completed_at: `${date}T03:00:00.000Z`,
    passed: count('pass'),
    failed: count('fail'),
    invalid: count('invalid'),
  });
  return row;
}

/** A failed item's rectification raised through the rectification service (as a submission raises it): its id. */
async function raiseFailure(shopId: string, date: string, itemId: string, failedAt = `${date}T03:00:00.000Z`, keySuffix = '') {
  const row = await assignment(shopId, date);
  const rectification = createRectificationService({ db: t.db, storage: objectStorageOf(t.config) });
  const [raised] = await t.db.transaction().execute((trx) =>
    rectification.raiseFromInspection(trx, [
      {
        customerId: chain.customerId,
        shopId,
        planId,
        planName: 'Daily check',
        planFounderUserId: chain.people.admin.userId,
        assignmentId: row.id,
        batchDate: row.batch_date,
        assignmentItemId: `${row.id}:${itemId}${keySuffix}`,
        itemId,
        itemName: 'item',
        categoryName: 'category',
        remark: 'broken',
        inspectorUserId: chain.people.admin.userId,
        failedAt,
        evidence: { screenshots: [], images: [] },
      },
    ]),
  );
  return raised?.rectificationId ?? '';
}

/** A rectification raised by a failed item, then put in the state wanted. */
async function rectify(
  shopId: string,
  date: string,
  itemId: string,
  state: { deadline: string; state: 'pending' | 'submitted' | 'approved'; submittedAt?: string },
) {
  const rectificationId = await raiseFailure(shopId, date, itemId);
  await t.db
    .updateTable('rectifications')
    .set({ deadline: state.deadline, state: state.state, submitted_at: state.submittedAt ?? null })
    .where('id', '=', rectificationId)
    .execute();
  // Put in its state directly, not by the transitions: the totals (0048) summed again from the rows.
  await rebuildRectificationTotals(t.db);
}

const stats = (session: RectificationChain['people']['admin']['session'], input: object = RANGE) => ok<PatrolStats>(t.app, session, ops.patrolStats, input);

beforeAll(async () => {
  t = await createTestApp();
  // Sessions live by the clock: it stays at 05-10 (a plan may start in the past; the occurrences are made for their dates).
  setClock('2026-05-10T00:00:00.000Z');
  chain = await buildRectificationChain(t);
  const admin = chain.people.admin.session;
  [door = '', lights = ''] = await buildItems(t.app, admin, ['Door clean', 'Lights on'], 'Front');
  [till = ''] = await buildItems(t.app, admin, ['Till closed'], 'Back');
  planId = await buildPlan(t.app, admin, {
    name: 'Daily check',
    kind: 'cyclic',
    cycle: { frequency: 'daily' },
    shopIds: [chain.s1, chain.s2, chain.w1],
    itemIds: [door, lights, till],
    validFrom: '2026-05-01',
    validTo: '2026-05-31',
    periodStart: '09:00',
    periodEnd: '18:00',
    handlerIds: [chain.people.admin.userId],
  });
  const plan = await t.db.selectFrom('inspection_plans').select('updated_at').where('id', '=', planId).executeTakeFirstOrThrow();
  const occurrences = createOccurrenceService({ db: t.db, queue: createJobQueue(t.db) });
  for (const date of ['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04'])
    for (const timeZone of ['Asia/Shanghai', 'Australia/Sydney'])
      await occurrences.generate({ customerId: chain.customerId, planId, timeZone, date, version: plan.updated_at });

  // The seed:             Door      Lights    Till
  await record(chain.s1, '2026-05-01', ['pass', 'pass', 'fail']);
  await record(chain.s1, '2026-05-02', ['pass', 'fail', 'fail']);
  // Store One 05-03: still open.
  await record(chain.s2, '2026-05-01', ['pass', 'pass', 'pass']);
  await record(chain.s2, '2026-05-02', ['invalid', 'pass', 'fail']);
  const cancelled = await assignment(chain.s2, '2026-05-03');
  await t.db.updateTable('inspection_assignments').set({ status: 'cancelled' }).where('id', '=', cancelled.id).execute();
  await planTotalsRepo(tenantScope(t.db, chain.customerId)).removed([cancelled]);
  await record(chain.w1, '2026-05-01', ['fail', 'fail', 'fail']);
  // West One 05-02 and 05-03: open. Beyond the range:
  await record(chain.s1, '2026-05-04', ['fail', 'fail', 'fail']);

  // On time; answered late; open past its deadline; open before its deadline; beyond the range.
  await rectify(chain.s1, '2026-05-01', till, { deadline: '2026-05-05T00:00:00.000Z', state: 'approved', submittedAt: '2026-05-04T00:00:00.000Z' });
  await rectify(chain.s1, '2026-05-02', lights, { deadline: '2026-05-05T00:00:00.000Z', state: 'submitted', submittedAt: '2026-05-06T00:00:00.000Z' });
  await rectify(chain.s1, '2026-05-02', till, { deadline: '2026-05-09T00:00:00.000Z', state: 'pending' });
  await rectify(chain.w1, '2026-05-01', door, { deadline: '2026-05-20T00:00:00.000Z', state: 'pending' });
  await rectify(chain.s1, '2026-05-04', door, { deadline: '2026-05-05T00:00:00.000Z', state: 'approved', submittedAt: '2026-05-04T00:00:00.000Z' });

  const group = async (name: string, shopIds: string[], roleIds: number[] = []) => {
    const id = newId();
    await t.db
      .insertInto('shop_groups')
      .values({
        customer_id: chain.customerId,
        id,
        name,
        role_ids: JSON.stringify(roleIds),
        score: null,
        created_at: '2026-05-01T00:00:00.000Z',
        updated_at: '2026-05-01T00:00:00.000Z',
      })
      .execute();
    await t.db
      .insertInto('shop_group_shops')
      .values(shopIds.map((shopId) => ({ customer_id: chain.customerId, group_id: id, shop_id: shopId })))
      .execute();
  };
  await group('East pair', [chain.s1, chain.s2]);
  await group('West', [chain.w1]);
  await group('Observers only', [chain.s1], [RoleId.observer]);
}, 120_000);
afterAll(async () => t.close());

describe('inspection analysis', () => {
  it('sums pass rates by store, region, category and item, with the trend, on-time rate and group scores', async () => {
    const result = await stats(chain.people.admin.session);
    expect(result.granularity).toBe('day');
    expect(result.summary).toEqual({
      assignments: 8,
      completed: 5,
      passed: 7,
      failed: 7,
      invalid: 1,
      passRate: 0.5,
      rectifications: 4,
      rectificationsDue: 3,
      rectificationsOnTime: 1,
      onTimeRate: 0.3333,
    });
    expect(result.trend).toEqual([
      { period: '2026-05-01', completed: 3, passed: 5, failed: 4, invalid: 0, passRate: 0.5556 },
      { period: '2026-05-02', completed: 2, passed: 2, failed: 3, invalid: 1, passRate: 0.4 },
      { period: '2026-05-03', completed: 0, passed: 0, failed: 0, invalid: 0, passRate: null },
    ]);
    expect(result.shops.map((row) => [row.shopName, row.orgName, row.assignments, row.completed, row.passed, row.failed, row.invalid, row.passRate])).toEqual([
      ['Store Two', 'Shanghai city', 2, 2, 4, 1, 1, 0.8],
      ['Store One', 'Shanghai city', 3, 2, 3, 3, 0, 0.5],
      ['West One', 'West region', 3, 1, 0, 3, 0, 0],
    ]);
    expect(result.orgs.map((row) => [row.orgName, row.shopCount, row.passed, row.failed, row.passRate])).toEqual([
      ['Shanghai city', 2, 7, 4, 0.6364],
      ['West region', 1, 0, 3, 0],
    ]);
    expect(result.categories.map((row) => [row.categoryName, row.passed, row.failed, row.invalid, row.passRate])).toEqual([
      ['Front', 6, 3, 1, 0.6667],
      ['Back', 1, 4, 0, 0.2],
    ]);
    expect(result.items.map((row) => [row.itemName, row.categoryName, row.passed, row.failed, row.invalid, row.passRate])).toEqual([
      ['Till closed', 'Back', 1, 4, 0, 0.2],
      ['Lights on', 'Front', 3, 2, 0, 0.6],
      ['Door clean', 'Front', 3, 1, 1, 0.75],
    ]);
    // A group for the observer only is not the admin's.
    expect(result.groups.map((row) => [row.name, row.shopCount, row.passed, row.failed, row.score])).toEqual([
      ['East pair', 2, 7, 4, 63.6],
      ['West', 1, 0, 3, 0],
    ]);
  });

  it('answers from the totals exactly as from the assignments and results, for the whole chain and any store filter', async () => {
    const repo = analysisRepo(tenantScope(t.db, chain.customerId));
    await expectStoreTotalsAgree(t.db, chain.customerId);
    type Counted = { passed: unknown; failed: unknown; invalid: unknown };
    const counts = (row: Counted) => [Number(row.passed), Number(row.failed), Number(row.invalid)];
    const sorted = (rows: unknown[][]) => rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const items = (rows: (Counted & { item_id: string; category_name: string; item_name: unknown })[]) =>
      sorted(rows.map((row) => [row.item_id, row.category_name, String(row.item_name), ...counts(row)]));
    const shops = (rows: (Counted & { shop_id: string; assignments: unknown; completed: unknown })[]) =>
      sorted(rows.map((row) => [row.shop_id, Number(row.assignments), Number(row.completed), ...counts(row)]));
    const periods = (rows: (Counted & { period: string; completed: unknown })[]) =>
      sorted(rows.filter((row) => Number(row.completed) > 0).map((row) => [row.period, Number(row.completed), ...counts(row)]));
    const ranges = [
      RANGE, // days of May
      { startDate: '2026-05-02', endDate: '2026-05-02' },
      { startDate: '2026-04-30', endDate: '2026-05-02' }, // days of two months
      { startDate: '2026-05-02', endDate: '2026-05-31' }, // May less its 1st
      { startDate: '2026-05-03', endDate: '2026-05-30' }, // May less its first two days and its last
      { startDate: '2026-04-01', endDate: '2026-05-31' }, // whole months
      { startDate: '2026-03-15', endDate: '2026-06-20' },
      { startDate: '2025-05-04', endDate: '2026-05-03' }, // a year to the 3rd: 2026 less the 4th of May on
      { startDate: '2025-05-11', endDate: '2026-05-10' },
      { startDate: '2026-01-01', endDate: '2026-12-31' }, // a whole year
    ];
    // Three stores: one is a filter; two (more than half) are the chain less the third; three are the chain.
    const filters = [null, [chain.w1], [chain.s1], [chain.s1, chain.s2], [chain.s1, chain.s2, chain.w1]];
    for (const dates of ranges)
      for (const shopIds of filters) {
        const range = { ...dates, shopIds };
        const at = JSON.stringify(range);
        expect(shops(await repo.byShop(range)), at).toEqual(shops(await repo.byShopFromAssignments(range)));
        for (const granularity of ['day', 'month'] as const)
          expect(periods(await repo.byPeriod(range, granularity)), at).toEqual(periods(await repo.byPeriodFromAssignments(range, granularity)));
        const direct = items(await repo.byItemAndCategory(range));
        expect(items(shopIds === null ? await repo.itemTotals(range) : await repo.shopItemTotals(range, shopIds)), at).toEqual(direct);
        for (const time of ['2026-05-05T12:00:00.000Z', '2026-05-10T00:00:00.000Z'])
          expect(await repo.rectifications(range, time), at).toEqual(await repo.rectificationsFromAssignments(range, time));
      }
    expect((await repo.itemTotals({ startDate: '2026-05-04', endDate: '2026-05-04' })).map((row) => Number(row.failed))).toEqual([1, 1, 1]);
    // A store filter counts that store's results only.
    const one = await stats(chain.people.admin.session, { ...RANGE, shopIds: [chain.w1] });
    expect(one.items.map((row) => [row.itemName, row.failed])).toEqual([
      ['Door clean', 1],
      ['Lights on', 1],
      ['Till closed', 1],
    ]);
    expect(one.shops.map((row) => [row.shopName, row.assignments, row.completed, row.failed])).toEqual([['West One', 3, 1, 3]]);
  });

  it('sums the results already there into the totals when migrations 0038, 0042 and 0046 run', async () => {
    const repo = analysisRepo(tenantScope(t.db, chain.customerId));
    const before = await repo.itemTotals({ startDate: '2026-01-01', endDate: '2026-12-31' });
    const storesBefore = await storeTotalsBothWays(t.db, chain.customerId);
    const rectificationDates = () => t.db.selectFrom('rectifications').select(['id', 'source', 'batch_date']).orderBy('id').execute();
    const datesBefore = await rectificationDates();
    expect(datesBefore.filter((row) => row.batch_date !== null)).toHaveLength(5);
    // 0046 undone (its column and year rows gone), every total deleted, then the migrations again: the backfills alone write them.
    await rerunTotalsMigrations(t.db);
    expect(await repo.itemTotals({ startDate: '2026-01-01', endDate: '2026-12-31' })).toEqual(before);
    expect(await storeTotalsBothWays(t.db, chain.customerId)).toEqual(storesBefore);
    expect(await rectificationDates()).toEqual(datesBefore);
  });

  it.runIf(process.env.DATABASE_URL)(
    'tells PostgreSQL an assignment holds tens of results (migration 0047) and plans without JIT or parallel workers',
    async () => {
      const options = await sql<{ attoptions: string[] | null }>`
      select attoptions from pg_attribute where attrelid = 'inspection_assignment_items'::regclass and attname = 'assignment_id'
    `.execute(t.db);
      expect(options.rows[0]?.attoptions).toContain('n_distinct=-0.05');
      const settings = await sql<{ jit: string; workers: string }>`
      select current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers
    `.execute(t.db);
      expect(settings.rows[0]).toEqual({ jit: 'off', workers: '0' });
    },
  );

  it('trends by month beyond 62 days and lists every month', async () => {
    const result = await stats(chain.people.admin.session, { startDate: '2026-03-15', endDate: '2026-05-20' });
    expect(result.granularity).toBe('month');
    expect(result.trend.map((row) => [row.period, row.passed, row.failed])).toEqual([
      ['2026-03', 0, 0],
      ['2026-04', 0, 0],
      ['2026-05', 7, 10],
    ]);
    expect(periodsOf('2025-11-20', '2026-02-01', 'month')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('keeps a store manager to their stores, refuses other stores and other customers', async () => {
    const store = await stats(chain.people.store.session);
    expect(store.shops.map((row) => row.shopName)).toEqual(['Store One']);
    expect(store.summary).toMatchObject({ assignments: 3, completed: 2, passed: 3, failed: 3, passRate: 0.5, rectifications: 3, rectificationsDue: 3 });
    expect(store.items.map((row) => [row.itemName, row.failed])).toEqual([
      ['Till closed', 2],
      ['Lights on', 1],
      ['Door clean', 0],
    ]);
    expect(store.groups.map((row) => [row.name, row.shopCount, row.score])).toEqual([['East pair', 1, 50]]);
    // The region manager asks for one of their stores: that store only.
    const region = await stats(chain.people.region.session, { ...RANGE, shopIds: [chain.s2] });
    expect(region.summary).toMatchObject({ passed: 4, failed: 1, invalid: 1 });
    // A store beyond the caller's scope, or another customer's, is not found.
    for (const [session, shopIds] of [
      [chain.people.store.session, [chain.s2]],
      [chain.people.admin.session, [chain.other.shopId]],
    ] as const)
      expect((await invoke(t.app, ops.patrolStats, { ...RANGE, shopIds: [...shopIds] }, session)).body.status).toBe(ResponseStatus.notFound);
    // Another customer sees none of this customer's work.
    const other = await stats(chain.other.admin);
    expect(other.summary).toMatchObject({ assignments: 0, passed: 0, rectifications: 0 });
    expect(other.groups).toEqual([]);
  });

  it('refuses a range over 365 days, in four languages', async () => {
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.patrolStats, { startDate: '2025-01-01', endDate: '2026-01-01' }, { ...chain.people.admin.session, lang }),
      'errors.timeSelectionError',
      { days: 365 },
    );
    expect((await invoke(t.app, ops.patrolStats, { startDate: '2025-01-02', endDate: '2026-01-01' }, chain.people.admin.session)).body.status).toBe(200);
  });

  it('exports the analysis as a workbook that reads back', async () => {
    const file = await download(t.app, 'POST', ops.patrolStatsExport.path, RANGE, { ...chain.people.admin.session, lang: 'en' });
    expect(file.http).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Trend', 'Stores', 'Regions', 'Categories', 'Items', 'Store groups']);
    const values = (name: string) =>
      (workbook.getWorksheet(name)?.getSheetValues() ?? []).filter(Boolean).map((row) => (Array.isArray(row) ? row.slice(1) : row));
    expect(values('Summary')).toContainEqual(['Pass rate', 0.5]);
    expect(values('Summary')).toContainEqual(['On-time rate', 0.3333]);
    expect(values('Stores')).toEqual([
      ['Store', 'Store number', 'Region', 'Inspections', 'Completed', 'Passed', 'Failed', 'Invalid', 'Pass rate'],
      ['Store Two', 'S2', 'Shanghai city', 2, 2, 4, 1, 1, 0.8],
      ['Store One', 'S1', 'Shanghai city', 3, 2, 3, 3, 0, 0.5],
      ['West One', 'W1', 'West region', 3, 1, 0, 3, 0, 0],
    ]);
    expect(values('Store groups')[1]).toEqual(['East pair', 2, 7, 4, 1, 0.6364, 63.6]);
    // Another customer's export holds none of it; a store beyond the scope is refused.
    const refused = await download(t.app, 'POST', ops.patrolStatsExport.path, { ...RANGE, shopIds: [chain.s2] }, chain.people.store.session);
    expect(refused.json().status).toBe(ResponseStatus.notFound);
  });

  it('keeps the rectification totals (0048) through raise, answer, rejection, a late answer, approval, referral and a manual item', async () => {
    const repo = analysisRepo(tenantScope(t.db, chain.customerId));
    const people = Object.values(chain.people);
    const ranges = [RANGE, { startDate: '2026-05-02', endDate: '2026-05-31' }, { startDate: '2026-01-01', endDate: '2026-12-31' }];
    const filters = [null, [chain.s2], [chain.s1, chain.s2]];
    const times = ['2026-05-10T00:00:00.000Z', '2026-05-14T00:00:00.000Z', '2026-06-30T00:00:00.000Z'];
    const agree = async (step: string) => {
      for (const dates of ranges)
        for (const shopIds of filters)
          for (const time of times) {
            const range = { ...dates, shopIds };
            expect(await repo.rectifications(range, time), `${step} ${JSON.stringify(range)} ${time}`).toEqual(
              await repo.rectificationsFromAssignments(range, time),
            );
          }
      // What the transitions kept is what summing the rows again gives.
      const kept = await keptRectificationTotals(t.db);
      await rebuildRectificationTotals(t.db);
      expect(await keptRectificationTotals(t.db), step).toEqual(kept);
    };
    // Acts as the item's handler or founder, signed in at the clock's time (sessions live by the clock).
    const as = async (userId: string) => {
      const person = people.find((one) => one.userId === userId);
      if (!person) throw new Error(`no person ${userId}`);
      return signIn(t.app, person.loginName, chain.customerId);
    };
    const item = (id: string) => t.db.selectFrom('rectifications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const raise = (shopId: string, date: string, itemId: string) => raiseFailure(shopId, date, itemId, '2026-05-10T00:00:00.000Z', ':totals');
    try {
      setClock('2026-05-10T00:00:00.000Z');
      const answered = await raise(chain.s2, '2026-05-02', till);
      const handed = await raise(chain.s2, '2026-05-01', door);
      await agree('raised');
      const first = await item(answered);
      expect(first.deadline > '2026-05-10T00:00:00.000Z' && first.deadline < '2026-05-14T00:00:00.000Z').toBe(true);

      const submit = async () =>
        okRectification(t.app, await as(first.handler_id), rectificationOperations.submit, { rectificationId: answered, feedback: 'Fixed', imageIds: [] });
      const review = async (decision: 'approve' | 'reject') =>
        okRectification(t.app, await as(chain.people.admin.userId), rectificationOperations.review, {
          rectificationId: answered,
          decision,
          reason: 'Still broken',
        });
      await submit();
      await agree('answered on time');
      await review('reject');
      await agree('rejected');
      // Past its deadline: answered late, then approved.
      setClock('2026-05-14T00:00:00.000Z');
      await submit();
      await agree('answered late');
      await review('approve');
      await agree('approved');
      expect((await item(answered)).state).toBe('approved');

      // A referral keeps the state and the deadline: the totals do not move.
      const handler = (await item(handed)).handler_id;
      const other = people.find((one) => one.userId !== handler && [chain.people.store2.userId, chain.people.city.userId].includes(one.userId));
      const before = await keptRectificationTotals(t.db);
      await okRectification(t.app, await as(handler), rectificationOperations.refer, {
        rectificationId: handed,
        handlerId: other?.userId ?? '',
        reason: 'On leave',
      });
      expect(await keptRectificationTotals(t.db)).toEqual(before);
      await agree('referred');

      // A manual item has no inspection: not counted.
      await okRectification(t.app, await as(chain.people.admin.userId), rectificationOperations.create, {
        shopId: chain.s2,
        itemName: 'Shelf',
        problem: 'Empty shelf',
        imageIds: [],
      });
      expect(await keptRectificationTotals(t.db)).toEqual(before);
      await agree('manual');
    } finally {
      setClock('2026-05-10T00:00:00.000Z');
    }
  });
});
