import { sql } from 'kysely';
import { analysisRepo, type ItemResultForTotals } from '../modules/inspection/analysis.repo.ts';
import { createAnalysisService } from '../modules/inspection/analysis.service.ts';
import { occurrencesRepo } from '../modules/inspection/occurrences.repo.ts';
import { occurrenceWindow } from '../modules/inspection/occurrences.ts';
import { percent } from '../modules/inspection/plan-status.ts';
import type { AssignmentStored } from '../modules/inspection/plans.repo.ts';
import type { createPlansService } from '../modules/inspection/plans.service.ts';
import { assignmentItemKey, createTodoService } from '../modules/inspection/todo.service.ts';
import { type RectificationStored, rectificationRepo } from '../modules/rectification/rectification.repo.ts';
import { defaultDeadline } from '../modules/rectification/rectification.service.ts';
import type { DB, DialectName } from '../platform/db/database.ts';
import type { CustomerActor } from '../platform/http/context.ts';
import { newId } from '../platform/ids.ts';
import { localObjectStorage } from '../platform/storage/storage-config.ts';
import { tenantScope } from '../platform/tenancy/scoped.ts';
import { now, nowIso } from '../platform/time/clock.ts';
import { addDays, todayIn } from '../platform/time/local-time.ts';
import { printTable, seeded, settle, timedRounds } from './support.ts';

/** What the occurrence bench made and hands on: the chain, its plan, its items and the handler. */
export interface HistoryBenchContext {
  db: DB;
  dialect: DialectName;
  dataDir: string;
  customerId: string;
  actor: CustomerActor;
  planId: string;
  shops: { id: string; timeZone: string }[];
  days: number;
  plans: ReturnType<typeof createPlansService>;
}

const ROUNDS = 20;
const DAY_MS = 86_400_000;

/**
 * A failed result's rectification as `raiseFromInspection` writes it, then moved on as people would
 * have: the older ones mostly approved, some answered late, a few never answered; the last ten days
 * still in every state. Answers come 0.2 to 5 days after the finding (the deadline is 3 days).
 */
function benchRectification(
  id: string,
  of: {
    id: string;
    date: string;
    back: number;
    shop: { id: string; timeZone: string };
    item: { item_id: string; name: string; category_name: string };
    foundAt: string;
    userId: string;
    planId: string;
  },
  random: () => number,
): Omit<RectificationStored, 'customer_id'> {
  const draw = random();
  const state: RectificationStored['state'] =
    of.back > 10
      ? draw < 0.93
        ? 'approved'
        : draw < 0.97
          ? 'submitted'
          : 'pending'
      : draw < 0.4
        ? 'approved'
        : draw < 0.7
          ? 'submitted'
          : draw < 0.8
            ? 'rejected'
            : 'pending';
  const answered = state !== 'pending';
  const submittedAt = answered ? new Date(Date.parse(of.foundAt) + (0.2 + random() * 4.8) * DAY_MS).toISOString() : null;
  return {
    id,
    source: 'inspection',
    source_key: assignmentItemKey(of.id, of.item.item_id),
    shop_id: of.shop.id,
    item_id: of.item.item_id,
    item_name: of.item.name,
    category_name: of.item.category_name,
    problem: 'Seen on the recording',
    plan_id: of.planId,
    plan_name: 'Bench daily plan',
    assignment_id: of.id,
    batch_date: of.date,
    alarm_id: null,
    event_code: null,
    event_name: null,
    inspector_id: of.userId,
    state,
    handler_id: of.userId,
    assigned_at: of.foundAt,
    founder_id: of.userId,
    reviewer_id: null,
    deadline: defaultDeadline(of.shop.timeZone, new Date(of.foundAt)),
    found_at: of.foundAt,
    camera_id: null,
    evidence_at: null,
    evidence_frame_status: 'none',
    evidence_frame_note: null,
    frame_status: 'none',
    frame_note: null,
    feedback: answered ? 'Fixed' : null,
    feedback_round: answered ? 1 : 0,
    submitted_at: submittedAt,
    reject_reason: state === 'rejected' ? 'Not yet' : null,
    reviewed_by: state === 'approved' || state === 'rejected' ? of.userId : null,
    reviewed_at: state === 'approved' || state === 'rejected' ? submittedAt : null,
    due_soon_at: null,
    overdue_at: null,
    escalated_at: null,
    created_by: null,
    created_at: of.foundAt,
    updated_at: submittedAt ?? of.foundAt,
  };
}
const timed = <T>(work: () => Promise<T>) => timedRounds(ROUNDS, work);
const RESULTS = ['pass', 'fail', 'invalid'] as const;

/**
 * "p95 of the to-do list, a plan's results page and the analysis page <= 100 ms each, at about 7
 * million item results" (issue 14 section 6). A year of completed daily inspections of the chain
 * (seeded results: 92 % pass, 6 % fail, 2 % invalid) is written through the occurrence repository's
 * batched insert (a year through the submit service would take hours; the rows are the same), then
 * each page's service call is timed over 20 rounds beside a naive answer that reads the rows into
 * the application, and the two answers are compared.
 */
export async function runInspectionHistoryBench(context: HistoryBenchContext): Promise<boolean> {
  const { db, customerId, actor, planId, shops, days } = context;
  const repo = occurrencesRepo(tenantScope(db, customerId));
  const items = await repo.planItems(planId);
  const random = seeded(20261128);
  // Their rectifications' own stream, so the results stay those of the runs recorded before them.
  const rectificationRandom = seeded(20261129);
  const t0 = performance.now();
  let itemRows = 0;
  let rectificationRows = 0;
  for (let back = days; back >= 1; back -= 1) {
    const assignments: AssignmentStored[] = [];
    const results: Parameters<typeof repo.insert>[1][number][] = [];
    const rectifications: Omit<RectificationStored, 'customer_id'>[] = [];
    for (const shop of shops) {
      const date = addDays(todayIn(shop.timeZone, now()), -back);
      const window = occurrenceWindow({ kind: 'cyclic', valid_to: date, period_start: '09:00', period_end: '18:00' }, shop.timeZone, date);
      const id = newId();
      const counts = { pass: 0, fail: 0, invalid: 0 };
      for (const item of items) {
        const draw = random();
        const result = RESULTS[draw < 0.92 ? 0 : draw < 0.98 ? 1 : 2];
        counts[result] += 1;
        const rectificationId = result === 'fail' ? newId() : null;
        if (rectificationId)
          rectifications.push(
            benchRectification(rectificationId, { id, date, back, shop, item, foundAt: window.start, userId: actor.userId, planId }, rectificationRandom),
          );
        results.push({
          assignment_id: id,
          item_id: item.item_id,
          position: item.position,
          item_name: item.name,
          category_name: item.category_name,
          result,
          remark: result === 'pass' ? null : 'Seen on the recording',
          rectification_id: rectificationId,
          recorded_by: actor.userId,
          recorded_at: window.start,
        });
      }
      assignments.push({
        id,
        plan_id: planId,
        shop_id: shop.id,
        batch_date: date,
        time_zone: shop.timeZone,
        window_start: window.start,
        window_end: window.end,
        status: 'completed',
        method: 'remote',
        item_count: items.length,
        passed: counts.pass,
        failed: counts.fail,
        invalid: counts.invalid,
        completed_by: actor.userId,
        completed_at: window.start,
        submission_key: null,
        created_at: window.start,
      });
    }
    // The analysis's item totals as the submissions would have added them, in the same transaction,
    // per assignment (its store and date); the insert adds the phase and store totals of completed rows.
    const submissions = new Map(assignments.map((row) => [row.id, { shopId: row.shop_id, batchDate: row.batch_date, results: [] as ItemResultForTotals[] }]));
    for (const row of results)
      submissions
        .get(row.assignment_id)
        ?.results.push({ itemId: row.item_id, itemName: row.item_name, categoryName: row.category_name, result: row.result ?? 'invalid' });
    await db.transaction().execute(async (trx) => {
      await occurrencesRepo(tenantScope(trx, customerId)).insert(assignments, results);
      await analysisRepo(tenantScope(trx, customerId)).addItemTotals([...submissions.values()]);
      await rectificationRepo(tenantScope(trx, customerId)).insertMany(rectifications);
    });
    itemRows += results.length;
    rectificationRows += rectifications.length;
  }
  const writeMs = performance.now() - t0;
  console.log(
    `history: ${days} days, ${itemRows.toLocaleString('en')} item results and ${rectificationRows.toLocaleString('en')} rectifications written in ${(writeMs / 1000).toFixed(0)} s`,
  );
  // PostgreSQL plans by its statistics and answers from an index alone only for pages its visibility
  // map marks all-visible: both are stale after millions of fresh rows until autovacuum comes by.
  const t1 = performance.now();
  await settle(db, context.dialect, [
    'inspection_assignments',
    'inspection_assignment_items',
    'inspection_item_day_totals',
    'inspection_plan_day_totals',
    'inspection_shop_period_totals',
    'inspection_shop_item_month_totals',
    'rectifications',
  ]);
  if (context.dialect === 'postgres') console.log(`vacuum analyze: ${((performance.now() - t1) / 1000).toFixed(0)} s`);

  const todo = createTodoService({
    db,
    storage: localObjectStorage(context.dataDir),
    frames: { screenshot: async () => Promise.reject(new Error('no frames in the bench')) },
    rectification: { raiseFromInspection: async () => [] },
  });
  const analysis = createAnalysisService({ db });
  const scope = tenantScope(db, customerId);
  const today = todayIn('Asia/Shanghai', now());
  const week = { startDate: addDays(today, -7), endDate: addDays(today, -1) };
  const year = { startDate: addDays(today, -days), endDate: addDays(today, -1) };

  // The to-do list: the handler's first page of open work, and the naive way (every open assignment
  // read, those of running plans kept and sorted here).
  const todoPage = await timed(() => todo.todoList(actor, { page: 1, pageSize: 20 } as Parameters<typeof todo.todoList>[1]));
  const todoNaive = await timed(async () => {
    const running = new Set(
      (await scope.selectFrom('inspection_plans').select(['id', 'lifecycle']).execute()).filter((plan) => plan.lifecycle === 'active').map((plan) => plan.id),
    );
    const rows = await scope.selectFrom('inspection_assignments').selectAll().where('status', '=', 'pending').execute();
    return rows.filter((row) => running.has(row.plan_id)).sort((a, b) => a.window_end.localeCompare(b.window_end));
  });

  // A plan's results: its phases (one per date) and one phase's stores; naively every assignment of
  // the plan (or of the phase) read and counted here.
  type Tally = { stores: number; done: number; passed: number; failed: number };
  const tallyBy = async (by: 'batch_date' | 'shop_id', batchDate?: string) => {
    let query = scope.selectFrom('inspection_assignments').select(['batch_date', 'shop_id', 'status', 'passed', 'failed']).where('plan_id', '=', planId);
    if (batchDate) query = query.where('batch_date', '=', batchDate);
    const tally = new Map<string, Tally>();
    for (const row of await query.execute()) {
      if (row.status === 'cancelled') continue;
      const key = row[by];
      const one = tally.get(key) ?? { stores: 0, done: 0, passed: 0, failed: 0 };
      one.stores += 1;
      if (row.status === 'completed') one.done += 1;
      one.passed += row.passed;
      one.failed += row.failed;
      tally.set(key, one);
    }
    return tally;
  };
  const sameProgress = (
    rows: readonly { key: string; stores?: number; progress: { done: number; total: number; passRate: number | null } }[],
    naive: Map<string, Tally>,
  ) =>
    rows.length === naive.size &&
    rows.every((row) => {
      const one = naive.get(row.key);
      return (
        one !== undefined &&
        (row.stores === undefined || row.stores === one.stores) &&
        row.progress.done === one.done &&
        row.progress.total === one.stores &&
        row.progress.passRate === percent(one.passed, one.passed + one.failed)
      );
    });
  const batchesPage = await timed(() => context.plans.batches(actor, planId));
  const batchesNaive = await timed(() => tallyBy('batch_date'));
  const latestBatch = addDays(today, -1);
  const shopsPage = await timed(() => context.plans.shopProgress(actor, { planId, batchId: latestBatch }));
  const shopsNaive = await timed(() => tallyBy('shop_id', latestBatch));

  // The analysis page: its default range (the last 7 complete days) and a whole year, for every
  // store (no filter: the API's default), every store picked (the page always sends the stores
  // picked), 50 stores (a small region) and 60 % of them (a large region: the chain's totals less the
  // other stores'). Naively every item result and assignment of those stores in the range read (a
  // day at a time, so a year fits in memory) and counted here.
  type AnalysisTally = { assignments: number; completed: number; passed: number; failed: number; invalid: number };
  const zero = (): AnalysisTally => ({ assignments: 0, completed: 0, passed: 0, failed: 0, invalid: 0 });
  const naiveAnalysis = async (range: { startDate: string; endDate: string; shopIds?: readonly string[] }) => {
    const items = new Map<string, { passed: number; failed: number; invalid: number }>();
    const stores = new Map<string, AnalysisTally>();
    const dates = new Map<string, AnalysisTally>();
    const summary = zero();
    const rectifications = { total: 0, due: 0, onTime: 0 };
    const at = nowIso();
    const only = range.shopIds && range.shopIds.length > 0 ? [...range.shopIds] : null;
    for (let date = range.startDate; date <= range.endDate; date = addDays(date, 1)) {
      let assignmentQuery = scope
        .selectFrom('inspection_assignments')
        .select(['shop_id', 'status', 'passed', 'failed', 'invalid'])
        .where('batch_date', '=', date);
      let resultQuery = scope
        // The day's assignments first, then their results (SQLite keeps a CROSS JOIN's order).
        .selectFrom('inspection_assignments as a')
        .crossJoin('inspection_assignment_items as ai')
        .whereRef('ai.customer_id', '=', 'a.customer_id')
        .whereRef('ai.assignment_id', '=', 'a.id')
        .select(['ai.item_id', 'ai.result'])
        .where('a.batch_date', '=', date)
        .where('a.status', '=', 'completed');
      let rectificationQuery = scope
        // The day's assignments first (SQLite keeps a CROSS JOIN's order: without it, it walked every
        // inspection rectification per day by the open index of 0048), then each assignment's
        // rectifications sought by the unique (customer, source, source key) index, an inspection's
        // key being "<assignment>:<item>": neither the product's date index nor a scan.
        .selectFrom('inspection_assignments as a')
        .crossJoin('rectifications as r')
        .whereRef('r.customer_id', '=', 'a.customer_id')
        .where('r.source', '=', 'inspection')
        .where(sql<string>`r.source_key`, '>=', sql<string>`a.id || ':'`)
        .where(sql<string>`r.source_key`, '<', sql<string>`a.id || ';'`)
        .whereRef('r.assignment_id', '=', 'a.id')
        .select(['r.state', 'r.deadline', 'r.submitted_at'])
        .where('a.batch_date', '=', date);
      if (only) {
        assignmentQuery = assignmentQuery.where('shop_id', 'in', only);
        resultQuery = resultQuery.where('a.shop_id', 'in', only);
        rectificationQuery = rectificationQuery.where('a.shop_id', 'in', only);
      }
      const [assignmentRows, resultRows, rectificationRows] = await Promise.all([
        assignmentQuery.execute(),
        resultQuery.execute(),
        rectificationQuery.execute(),
      ]);
      for (const row of rectificationRows) {
        const answered = row.state === 'submitted' || row.state === 'approved';
        rectifications.total += 1;
        if (answered || row.deadline <= at) rectifications.due += 1;
        if (answered && row.submitted_at !== null && row.submitted_at <= row.deadline) rectifications.onTime += 1;
      }
      for (const row of assignmentRows) {
        if (row.status === 'cancelled') continue;
        const store = stores.get(row.shop_id) ?? zero();
        const day = dates.get(date) ?? zero();
        stores.set(row.shop_id, store);
        dates.set(date, day);
        for (const tally of [summary, store, day]) {
          tally.assignments += 1;
          if (row.status !== 'completed') continue;
          tally.completed += 1;
          tally.passed += row.passed;
          tally.failed += row.failed;
          tally.invalid += row.invalid;
        }
      }
      for (const row of resultRows) {
        const item = items.get(row.item_id) ?? { passed: 0, failed: 0, invalid: 0 };
        if (row.result === 'pass') item.passed += 1;
        else if (row.result === 'fail') item.failed += 1;
        else if (row.result === 'invalid') item.invalid += 1;
        items.set(row.item_id, item);
      }
    }
    return { summary, items, stores, dates, rectifications };
  };
  type Stats = Awaited<ReturnType<typeof analysis.stats>>;
  type Naive = Awaited<ReturnType<typeof naiveAnalysis>>;
  const sameCounts = (a: Partial<AnalysisTally>, b: Partial<AnalysisTally>) =>
    a.completed === b.completed && a.passed === b.passed && a.failed === b.failed && a.invalid === b.invalid;
  /** The summary, every item, every store and every period of the trend, as the naive reading counts them. */
  const sameAnalysis = (stats: Stats, naive: Naive) => {
    const months = new Map<string, AnalysisTally>();
    for (const [date, tally] of naive.dates) {
      const period = stats.granularity === 'day' ? date : date.slice(0, 7);
      const month = months.get(period) ?? zero();
      for (const key of ['assignments', 'completed', 'passed', 'failed', 'invalid'] as const) month[key] += tally[key];
      months.set(period, month);
    }
    return (
      sameCounts(stats.summary, naive.summary) &&
      stats.summary.rectifications === naive.rectifications.total &&
      stats.summary.rectificationsDue === naive.rectifications.due &&
      stats.summary.rectificationsOnTime === naive.rectifications.onTime &&
      stats.summary.assignments === naive.summary.assignments &&
      stats.items.length === naive.items.size &&
      stats.items.every((row) => {
        const item = naive.items.get(row.itemId);
        return item !== undefined && item.passed === row.passed && item.failed === row.failed && item.invalid === row.invalid;
      }) &&
      [...naive.stores.keys()].every((shopId) => stats.shops.some((row) => row.shopId === shopId)) &&
      stats.shops.every((row) => {
        const tally = naive.stores.get(row.shopId) ?? zero();
        return sameCounts(row, tally) && row.assignments === tally.assignments;
      }) &&
      [...months.keys()].every((period) => stats.trend.some((row) => row.period === period)) &&
      stats.trend.every((row) => sameCounts(row, months.get(row.period) ?? zero()))
    );
  };
  const everyShop = shops.map((shop) => shop.id);
  const fifty = everyShop.slice(0, Math.min(50, Math.floor(everyShop.length / 2)));
  const large = everyShop.slice(0, Math.ceil(everyShop.length * 0.6));
  const analysisCases = [
    { name: 'last 7 days, no store filter', range: week, naiveRounds: ROUNDS },
    { name: `last 7 days, every store picked (${everyShop.length})`, range: { ...week, shopIds: everyShop }, naiveRounds: 3 },
    { name: `last 7 days, ${fifty.length} stores`, range: { ...week, shopIds: fifty }, naiveRounds: 3 },
    { name: 'a year, no store filter', range: year, naiveRounds: 3 },
    { name: `a year, every store picked (${everyShop.length})`, range: { ...year, shopIds: everyShop }, naiveRounds: 1 },
    { name: `a year, ${fifty.length} stores`, range: { ...year, shopIds: fifty }, naiveRounds: 3 },
    { name: `a year, ${large.length} stores (60 %)`, range: { ...year, shopIds: large }, naiveRounds: 1 },
  ];
  const analysisRuns = [];
  for (const one of analysisCases) {
    const page = await timed(() => analysis.stats(actor, one.range));
    // Reading a year of millions of rows takes tens of seconds a round: fewer rounds.
    const naive = await timedRounds(one.naiveRounds, () => naiveAnalysis(one.range));
    analysisRuns.push({ ...one, page, naive, right: sameAnalysis(page.answer, naive.answer) });
  }

  const todoRight = todoPage.answer.total === todoNaive.answer.length;
  const batchesRight = sameProgress(
    batchesPage.answer.map((row) => ({ key: row.date, stores: row.storeCount, progress: row.progress })),
    batchesNaive.answer,
  );
  const shopsRight = sameProgress(
    shopsPage.answer.map((row) => ({ key: row.shopId, progress: row.progress })),
    shopsNaive.answer,
  );
  const ms = (value: number) => (value >= 1000 ? value.toFixed(0) : value.toFixed(1));
  const yes = (right: boolean) => (right ? 'yes' : 'NO');
  const results = (stats: Stats) => (stats.summary.passed + stats.summary.failed + stats.summary.invalid).toLocaleString('en');
  printTable(
    ['page (service call)', 'rows it covers', 'p50 ms', 'p95 ms', 'target p95 ms', 'naive p50 ms', 'naive p95 ms', 'same answer'],
    [
      [
        'to-do list, first page',
        `${todoPage.answer.total} open`,
        ms(todoPage.p50),
        ms(todoPage.p95),
        '100',
        ms(todoNaive.p50),
        ms(todoNaive.p95),
        yes(todoRight),
      ],
      [
        "plan results: the plan's phases",
        `${batchesPage.answer.length} phases`,
        ms(batchesPage.p50),
        ms(batchesPage.p95),
        '100',
        ms(batchesNaive.p50),
        ms(batchesNaive.p95),
        yes(batchesRight),
      ],
      [
        "plan results: a phase's stores",
        `${shopsPage.answer.length} stores`,
        ms(shopsPage.p50),
        ms(shopsPage.p95),
        '100',
        ms(shopsNaive.p50),
        ms(shopsNaive.p95),
        yes(shopsRight),
      ],
      ...analysisRuns.map((run) => [
        `analysis, ${run.name}`,
        `${results(run.page.answer)} results, ${run.page.answer.summary.rectifications.toLocaleString('en')} rectifications`,
        ms(run.page.p50),
        ms(run.page.p95),
        '100',
        ms(run.naive.p50),
        ms(run.naive.p95),
        yes(run.right),
      ]),
    ],
  );
  return todoRight && batchesRight && shopsRight && analysisRuns.every((run) => run.right);
}
