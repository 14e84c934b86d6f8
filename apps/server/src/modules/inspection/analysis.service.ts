import {
  type Locale,
  type MessageKey,
  PATROL_STATS_LIMITS,
  type PassCounts,
  type PatrolStats,
  type PatrolStatsRequest,
  translateMessage,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadFile } from '../../platform/http/download.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { addDays } from '../../platform/time/local-time.ts';
import { type AnalysisRange, analysisRepo, type CountsRow } from './analysis.repo.ts';

type Range = { startDate: string; endDate: string; shopIds?: readonly string[] | undefined };

const DAY_MS = 86_400_000;

/** Pass counts from the database's sums; the rate passed / (passed + failed), four decimals. */
export function passCounts(row: CountsRow): PassCounts {
  const passed = Number(row.passed ?? 0);
  const failed = Number(row.failed ?? 0);
  return { passed, failed, invalid: Number(row.invalid ?? 0), passRate: rate(passed, passed + failed) };
}

function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;
}

function add(into: { passed: number; failed: number; invalid: number }, row: PassCounts) {
  into.passed += row.passed;
  into.failed += row.failed;
  into.invalid += row.invalid;
}

type ItemCategoryRow = CountsRow & { item_id: string; category_name: string; item_name: string | null };
type Sums = { passed: number; failed: number; invalid: number };

/** Item and category sums from one pass per (item, recorded category): an item's name and category are the greatest recorded. */
export function itemAndCategorySums(rows: readonly ItemCategoryRow[]) {
  const items = new Map<string, Sums & { itemName: string; categoryName: string }>();
  const categories = new Map<string, Sums>();
  for (const row of rows) {
    const counts = passCounts(row);
    const item = items.get(row.item_id) ?? { itemName: '', categoryName: '', passed: 0, failed: 0, invalid: 0 };
    add(item, counts);
    if (String(row.item_name ?? '') > item.itemName) item.itemName = String(row.item_name ?? '');
    if (row.category_name > item.categoryName) item.categoryName = row.category_name;
    items.set(row.item_id, item);
    const category = categories.get(row.category_name) ?? { passed: 0, failed: 0, invalid: 0 };
    add(category, counts);
    categories.set(row.category_name, category);
  }
  return { items, categories };
}

/** Every period of the range, so a chart shows the days (or months) without inspections as gaps. */
export function periodsOf(startDate: string, endDate: string, granularity: 'day' | 'month'): string[] {
  const periods: string[] = [];
  if (granularity === 'day') for (let date = startDate; date <= endDate; date = addDays(date, 1)) periods.push(date);
  else {
    let [year = 0, month = 1] = startDate.split('-').map(Number);
    const last = endDate.slice(0, 7);
    for (let period = startDate.slice(0, 7); period <= last; ) {
      periods.push(period);
      month += 1;
      if (month > 12) [year, month] = [year + 1, 1];
      period = `${year}-${String(month).padStart(2, '0')}`;
    }
  }
  return periods;
}

/** Best pass rate first; stores (or groups) without any result after the rest, then by name. */
// One collator for every comparison: the order of localeCompare, without its cost per call (with a
// copy of each row per comparison, sorting a year's 1,000 stores took 30 to 80 ms, the collator 1).
const names = new Intl.Collator();
const byRateDesc =
  <Row extends PassCounts>(nameOf: (row: Row) => string) =>
  (a: Row, b: Row) =>
    (b.passRate ?? -1) - (a.passRate ?? -1) || names.compare(nameOf(a), nameOf(b));

/**
 * Inspection analysis (patrol stats, issue 14 section 5) over the caller's data scope: the stores
 * asked for must all be theirs (else not found, like another customer's), none asked means every
 * store they see. Store-group scores (spec section 3) are the pass rate of the group's stores the
 * caller sees, x 100.
 */
export function createAnalysisService(deps: { db: DB }) {
  const { db } = deps;

  async function rangeOf(actor: CustomerActor, input: Range): Promise<AnalysisRange> {
    const access = accessOf(db, actor);
    const requested = input.shopIds ?? [];
    if (requested.length > 0) return { startDate: input.startDate, endDate: input.endDate, shopIds: await access.shopIds(requested) };
    const scope = await access.scope();
    return { startDate: input.startDate, endDate: input.endDate, shopIds: scope.shopIds === null ? null : scope.visibleShopIds };
  }

  async function stats(actor: CustomerActor, input: Range): Promise<PatrolStats> {
    const range = await rangeOf(actor, input);
    const days = Math.round((Date.parse(range.endDate) - Date.parse(range.startDate)) / DAY_MS) + 1;
    const granularity = days <= PATROL_STATS_LIMITS.dailyTrendMaxDays ? 'day' : 'month';
    const repo = analysisRepo(tenantScope(db, actor.customerId));
    const [shopRows, periodRows, itemCategoryRows, rectifications, shops, groupData] = await Promise.all([
      repo.byShop(range),
      repo.byPeriod(range, granularity),
      // Every figure from the totals the writes keep (migrations 0038 and 0042): the customer's
      // for the whole chain, the stores' for a filter (the caller's scope, the page's picker).
      range.shopIds === null ? repo.itemTotals(range) : repo.shopItemTotals(range, range.shopIds),
      repo.rectifications(range, nowIso()),
      repo.shops(range.shopIds),
      repo.groups(),
    ]);

    const sums = itemAndCategorySums(itemCategoryRows);
    const shopOf = new Map(shops.map((shop) => [shop.id, shop]));
    const counted = new Map(
      shopRows.map((row) => [row.shop_id, { ...passCounts(row), assignments: Number(row.assignments), completed: Number(row.completed) }]),
    );
    const zero = { passed: 0, failed: 0, invalid: 0, passRate: null, assignments: 0, completed: 0 };
    // Every store in the range's scope is ranked, those without inspections last.
    const shopStats = shops
      .map((shop) => ({ shopId: shop.id, shopName: shop.name, shopNumber: shop.number, orgName: shop.org_name, ...(counted.get(shop.id) ?? zero) }))
      .sort(byRateDesc((row) => row.shopName));

    const summary = { passed: 0, failed: 0, invalid: 0, assignments: 0, completed: 0 };
    for (const row of shopStats) {
      add(summary, row);
      summary.assignments += row.assignments;
      summary.completed += row.completed;
    }

    const orgs = new Map<string, { orgId: string; orgName: string; shopCount: number; passed: number; failed: number; invalid: number }>();
    for (const row of shopStats) {
      const orgId = shopOf.get(row.shopId)?.org_id ?? '';
      const org = orgs.get(orgId) ?? { orgId, orgName: row.orgName, shopCount: 0, passed: 0, failed: 0, invalid: 0 };
      org.shopCount += 1;
      add(org, row);
      orgs.set(orgId, org);
    }

    const trendOf = new Map(periodRows.map((row) => [String(row.period), { ...passCounts(row), completed: Number(row.completed) }]));
    const trend = periodsOf(range.startDate, range.endDate, granularity).map((period) => ({
      period,
      ...(trendOf.get(period) ?? { passed: 0, failed: 0, invalid: 0, passRate: null, completed: 0 }),
    }));

    const visible = new Set(shops.map((shop) => shop.id));
    const membersOf = new Map<string, string[]>();
    for (const member of groupData.members)
      if (visible.has(member.shop_id)) membersOf.set(member.group_id, [...(membersOf.get(member.group_id) ?? []), member.shop_id]);
    const groups = groupData.groups
      .filter((group) => {
        // A group limited to some roles is theirs only (the store-groups screen's rule).
        const roles = JSON.parse(group.role_ids) as number[];
        return (membersOf.get(group.id)?.length ?? 0) > 0 && (roles.length === 0 || roles.includes(actor.roleId));
      })
      .map((group) => {
        const members = membersOf.get(group.id) ?? [];
        const total = { passed: 0, failed: 0, invalid: 0 };
        for (const shopId of members) {
          const row = counted.get(shopId);
          if (row) add(total, row);
        }
        const passRate = rate(total.passed, total.passed + total.failed);
        return {
          groupId: group.id,
          name: group.name,
          shopCount: members.length,
          ...total,
          passRate,
          score: passRate === null ? null : Math.round(passRate * 1000) / 10,
        };
      })
      .sort(byRateDesc((group) => group.name));

    return {
      startDate: range.startDate,
      endDate: range.endDate,
      granularity,
      summary: {
        ...summary,
        passRate: rate(summary.passed, summary.passed + summary.failed),
        rectifications: rectifications.total,
        rectificationsDue: rectifications.due,
        rectificationsOnTime: rectifications.on_time,
        onTimeRate: rate(rectifications.on_time, rectifications.due),
      },
      trend,
      shops: shopStats,
      orgs: [...orgs.values()].map((org) => ({ ...org, passRate: rate(org.passed, org.passed + org.failed) })).sort(byRateDesc((org) => org.orgName)),
      categories: [...sums.categories]
        .map(([categoryName, row]) => ({ categoryName, ...passCounts(row) }))
        .sort(byRateDesc((category) => category.categoryName)),
      // The most failed first: what to train or fix.
      items: [...sums.items]
        .map(([itemId, row]) => ({ itemId, itemName: row.itemName, categoryName: row.categoryName, ...passCounts(row) }))
        .sort((a, b) => b.failed - a.failed || (a.passRate ?? 2) - (b.passRate ?? 2) || names.compare(a.itemName, b.itemName)),
      groups,
    };
  }

  return {
    stats: (actor: CustomerActor, input: PatrolStatsRequest & { shopIds?: readonly string[] }) => stats(actor, input),

    async export(actor: CustomerActor, input: Range, locale: Locale): Promise<DownloadFile> {
      const result = await stats(actor, input);
      return { fileName: `patrol-stats-${result.startDate}-${result.endDate}.xlsx`, content: await analysisWorkbook(result, locale) };
    },
  };
}
export type AnalysisService = ReturnType<typeof createAnalysisService>;

type Column<Row> = { header: MessageKey; width: number; value: (row: Row) => string | number | null };
const RATE_FORMAT = '0.0%';
const countColumns = <Row extends PassCounts>(): Column<Row>[] => [
  { header: 'patrolStats.colPassed', width: 10, value: (row) => row.passed },
  { header: 'patrolStats.colFailed', width: 10, value: (row) => row.failed },
  { header: 'patrolStats.colInvalid', width: 10, value: (row) => row.invalid },
  { header: 'patrolStats.colPassRate', width: 12, value: (row) => row.passRate },
];

function addSheet<Row>(workbook: ExcelJS.Workbook, name: MessageKey, columns: readonly Column<Row>[], rows: readonly Row[], text: (key: MessageKey) => string) {
  const sheet = workbook.addWorksheet(text(name));
  sheet.columns = columns.map((column, index) => ({
    header: text(column.header),
    key: `c${index}`,
    width: column.width,
    ...(column.header === 'patrolStats.colPassRate' ? { style: { numFmt: RATE_FORMAT } } : {}),
  }));
  for (const row of rows) sheet.addRow(Object.fromEntries(columns.map((column, index) => [`c${index}`, column.value(row)])));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/** The analysis as a workbook: a summary sheet and one per breakdown, rates as numbers formatted as percentages, headers in the reader's language. */
export async function analysisWorkbook(stats: PatrolStats, locale: Locale): Promise<Buffer> {
  const text = (key: MessageKey) => translateMessage(locale, key);
  const workbook = new ExcelJS.Workbook();
  const s = stats.summary;
  const summary: [MessageKey, string | number | null][] = [
    ['patrolStats.rowRange', `${stats.startDate} ~ ${stats.endDate}`],
    ['patrolStats.colAssignments', s.assignments],
    ['patrolStats.colCompleted', s.completed],
    ['patrolStats.colPassed', s.passed],
    ['patrolStats.colFailed', s.failed],
    ['patrolStats.colInvalid', s.invalid],
    ['patrolStats.colPassRate', s.passRate],
    ['patrolStats.rowRectifications', s.rectifications],
    ['patrolStats.rowRectificationsDue', s.rectificationsDue],
    ['patrolStats.rowOnTime', s.rectificationsOnTime],
    ['patrolStats.rowOnTimeRate', s.onTimeRate],
  ];
  addSheet(
    workbook,
    'patrolStats.sheetSummary',
    [
      { header: 'patrolStats.colIndicator', width: 24, value: (row: (typeof summary)[number]) => text(row[0]) },
      { header: 'patrolStats.colValue', width: 24, value: (row: (typeof summary)[number]) => row[1] },
    ],
    summary,
    text,
  );
  const summarySheet = workbook.getWorksheet(text('patrolStats.sheetSummary'));
  for (const index of [7, 11]) if (summarySheet) summarySheet.getCell(index + 1, 2).numFmt = RATE_FORMAT;
  type Trend = PatrolStats['trend'][number];
  addSheet<Trend>(
    workbook,
    'patrolStats.sheetTrend',
    [
      { header: 'patrolStats.colPeriod', width: 12, value: (row) => row.period },
      { header: 'patrolStats.colCompleted', width: 10, value: (row) => row.completed },
      ...countColumns<Trend>(),
    ],
    stats.trend,
    text,
  );
  type Shop = PatrolStats['shops'][number];
  addSheet<Shop>(
    workbook,
    'patrolStats.sheetStores',
    [
      { header: 'patrolStats.colStore', width: 22, value: (row) => row.shopName },
      { header: 'patrolStats.colStoreNumber', width: 12, value: (row) => row.shopNumber },
      { header: 'patrolStats.colRegion', width: 18, value: (row) => row.orgName },
      { header: 'patrolStats.colAssignments', width: 10, value: (row) => row.assignments },
      { header: 'patrolStats.colCompleted', width: 10, value: (row) => row.completed },
      ...countColumns<Shop>(),
    ],
    stats.shops,
    text,
  );
  type Org = PatrolStats['orgs'][number];
  addSheet<Org>(
    workbook,
    'patrolStats.sheetRegions',
    [
      { header: 'patrolStats.colRegion', width: 22, value: (row) => row.orgName },
      { header: 'patrolStats.colShopCount', width: 10, value: (row) => row.shopCount },
      ...countColumns<Org>(),
    ],
    stats.orgs,
    text,
  );
  type Category = PatrolStats['categories'][number];
  addSheet<Category>(
    workbook,
    'patrolStats.sheetCategories',
    [{ header: 'patrolStats.colCategory', width: 22, value: (row) => row.categoryName }, ...countColumns<Category>()],
    stats.categories,
    text,
  );
  type Item = PatrolStats['items'][number];
  addSheet<Item>(
    workbook,
    'patrolStats.sheetItems',
    [
      { header: 'patrolStats.colItem', width: 26, value: (row) => row.itemName },
      { header: 'patrolStats.colCategory', width: 18, value: (row) => row.categoryName },
      ...countColumns<Item>(),
    ],
    stats.items,
    text,
  );
  type Group = PatrolStats['groups'][number];
  addSheet<Group>(
    workbook,
    'patrolStats.sheetGroups',
    [
      { header: 'patrolStats.colGroup', width: 22, value: (row) => row.name },
      { header: 'patrolStats.colShopCount', width: 10, value: (row) => row.shopCount },
      ...countColumns<Group>(),
      { header: 'patrolStats.colScore', width: 10, value: (row) => row.score },
    ],
    stats.groups,
    text,
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
