import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lang, shot, signedInPage } from '../support/admin.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';

/**
 * Issue 11: at 1440 x 900 and default settings, the main table of each list page shows every
 * column whole: no header cell is cut (its text wider than the cell) or lies outside the part of
 * the table one can see (behind the fixed Actions column or past the card's edge).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface Problem {
  header: string;
  why: string;
}

/** Header cells of the table carrying `testId` that are cut or not in view, with the reason. */
async function cutHeaders(page: Page, testId: string): Promise<Problem[]> {
  return page.getByTestId(testId).evaluate((table) => {
    const problems: { header: string; why: string }[] = [];
    // The part of the table one sees: the scrolling body's box (antd's .ant-table-content or .ant-table-body).
    const viewport = (table.querySelector('.ant-table-content, .ant-table-body') ?? table).getBoundingClientRect();
    const fixedRight = [...table.querySelectorAll('thead th.ant-table-cell-fix-right, thead th.ant-table-cell-fix-end')].map((cell) =>
      cell.getBoundingClientRect(),
    );
    const coveredFrom = fixedRight.length > 0 ? Math.min(...fixedRight.map((box) => box.left)) : Number.POSITIVE_INFINITY;
    for (const cell of table.querySelectorAll<HTMLElement>('thead th.ant-table-cell')) {
      const header = cell.innerText.trim();
      // antd's scrollbar and selection placeholders carry no header.
      if (!header) continue;
      const box = cell.getBoundingClientRect();
      const isFixed = cell.matches('.ant-table-cell-fix-right, .ant-table-cell-fix-end, .ant-table-cell-fix-left, .ant-table-cell-fix-start');
      // Not the cell's scrollWidth alone: antd's shadow beside a fixed column is an absolutely placed
      // pseudo-element that adds 30 px to it. The text's own box must fit the cell's content box.
      const style = getComputedStyle(cell);
      const contentWidth = cell.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const range = document.createRange();
      range.selectNodeContents(cell);
      const textWidth = range.getBoundingClientRect().width;
      if (textWidth > contentWidth + 1) problems.push({ header, why: `cut: text ${Math.round(textWidth)} > ${Math.round(contentWidth)}` });
      if (!isFixed && cell.scrollWidth > cell.clientWidth + 1) problems.push({ header, why: `cut: ${cell.scrollWidth} > ${cell.clientWidth}` });
      // The header's own text element (sorters wrap it) must fit its cell too.
      for (const inner of cell.querySelectorAll<HTMLElement>('.ant-table-column-title, .ant-typography')) {
        if (inner.scrollWidth > inner.clientWidth + 1) problems.push({ header, why: `title cut: ${inner.scrollWidth} > ${inner.clientWidth}` });
      }
      if (box.left < viewport.left - 1 || box.right > viewport.right + 1) problems.push({ header, why: 'outside the visible table' });
      if (!isFixed && box.right > coveredFrom + 1) problems.push({ header, why: 'behind the fixed Actions column' });
    }
    return problems;
  });
}

async function expectWholeHeaders(page: Page, testId: string, name: string): Promise<void> {
  const table = page.getByTestId(testId);
  await table.locator('thead th').first().waitFor({ timeout: 20_000 });
  // Rows change the columns' widths: wait for the first one, or for the empty list (the demo has no store groups).
  await table.locator('tr.ant-table-row, .ant-table-placeholder .ant-empty').first().waitFor({ timeout: 20_000 });
  const problems = await cutHeaders(page, testId);
  // TABLE_FIT_SHOTS=1 keeps every page's picture for a person to look at, not only the failing ones.
  if (problems.length > 0 || process.env.TABLE_FIT_SHOTS) await shot(page, `table-fit-${name}`);
  expect(problems, `${name}: ${JSON.stringify(problems)}`).toEqual([]);
}

const PAGES: { name: string; path: string; table: string; before?: (page: Page) => Promise<void> }[] = [
  { name: 'users', path: '/settings/settingCommon/userMng', table: 'user-table' },
  { name: 'roles', path: '/settings/settingCommon/roleMng', table: 'role-table' },
  { name: 'stores', path: '/settings/settingCommon/orgMng', table: 'shop-table' },
  {
    name: 'store-groups',
    path: '/settings/settingCommon/orgMng',
    table: 'group-table',
    before: async (page) => page.getByTestId('org-tab-groups').click(),
  },
  { name: 'cameras', path: '/settings/cameraMng', table: 'camera-table' },
  {
    name: 'camera-management-boxes',
    path: '/settings/cameraMng',
    table: 'box-table',
    before: async (page) => page.getByTestId('device-kind-boxes').click(),
  },
  { name: 'device-status', path: '/deviceManagement', table: 'box-table' },
  { name: 'webhooks', path: '/settings/settingCommon/webhooks', table: 'webhook-table' },
  // Default settings: the dashboard's default selection (the first store).
  { name: 'dashboard', path: '/dashboard', table: 'dashboard-shop-table' },
  { name: 'sales-data', path: '/settings/settingSales/performanceData', table: 'pos-list' },
  { name: 'exchange-rates', path: '/settings/settingSales/exchangeRates', table: 'exchange-rates' },
  { name: 'calendar-events', path: '/settings/passengerFlow/customCalendar', table: 'event-table' },
  { name: 'floor-plans', path: '/settings/passengerFlow/storePlan', table: 'plan-table' },
  {
    name: 'floor-plan-cameras',
    path: '/settings/passengerFlow/storePlan',
    table: 'camera-point-table',
    before: async (page) => page.getByTestId('plan-table').locator('tr.ant-table-row a').first().click(),
  },
  {
    name: 'floor-plan-regions',
    path: '/settings/passengerFlow/storePlan',
    table: 'region-table',
    before: async (page) => page.getByTestId('plan-table').locator('tr.ant-table-row a').first().click(),
  },
  { name: 'dwell-zones', path: '/settings/passengerFlow/haltArea', table: 'halt-table' },
  { name: 'message-center', path: '/newsCenter', table: 'message-table' },
  { name: 'video-downloads', path: '/download', table: 'download-list' },
  { name: 'inspection-items', path: '/SOPmanage/inspectionItem', table: 'item-table' },
  { name: 'inspection-categories', path: '/SOPmanage/inspectionClassList', table: 'category-table' },
  { name: 'inspection-plans', path: '/taskManagement/dailyPatrol', table: 'plan-table' },
  { name: 'audiences', path: '/settings/passengerFlow/crowdDataExport', table: 'audience-list' },
  { name: 'visitor-batches', path: '/batch/list', table: 'batch-list' },
  { name: 'batch-days', path: '/batch/list', table: 'batch-days' },
  { name: 'batches-inner', path: '/batch/list-inner', table: 'batch-inner-list' },
  { name: 'batches-realtime', path: '/batch/list-inner-realtime', table: 'live-batch-table' },
  { name: 'store-entries', path: '/storeEntry/detail', table: 'store-entry-list' },
  { name: 'rectification-mine', path: '/myTodo/mendTodo', table: 'rectification-table-mine' },
  { name: 'rectification-created', path: '/myTodo/mendTodo?tab=created', table: 'rectification-table-created' },
  { name: 'rectification-all', path: '/taskManagement/taskMendTodo', table: 'rectification-table-all' },
];

/** The analytics pages' main tables, at their default selection and range. */
const ANALYTICS_PAGES: typeof PAGES = [
  { name: 'trend', path: '/trend', table: 'trend-table' },
  { name: 'entrances', path: '/area/entranceAnalysis', table: 'gate-table' },
  { name: 'time-intervals', path: '/area/timeIntervalAnalysis', table: 'time-interval-table' },
  { name: 'area-overview', path: '/area/overview', table: 'area-overview-table' },
  { name: 'area-entry', path: '/area/entryAnalysis', table: 'area-entry-table' },
  { name: 'area-flow-lines', path: '/area/storeFlow', table: 'area-flow-lines' },
  { name: 'store-rankings', path: '/shops/storeRankings', table: 'rankings-table' },
  { name: 'store-comparison', path: '/shops/storeComparison', table: 'comparison-table' },
  { name: 'four-quadrant', path: '/shops/fourQuadrantAnalysis', table: 'four-quadrant-table' },
  { name: 'sales-trend', path: '/sales', table: 'sales-trend-table' },
  {
    name: 'sales-ranking',
    path: '/sales',
    table: 'sales-ranking-table',
    before: async (page) => page.locator('.ant-tabs-tab[data-node-key="ranking"]').click(),
  },
  {
    name: 'sales-cross-store',
    path: '/sales',
    table: 'sales-cross-store-table',
    before: async (page) => page.locator('.ant-tabs-tab[data-node-key="crossStore"]').click(),
  },
  { name: 'consumption-comparison', path: '/consumption', table: 'consumption-comparison-table' },
];

describe('list tables at 1440 x 900', () => {
  for (const lang of ['en', 'kr', 'zh', 'jp'] as const satisfies readonly Lang[]) {
    it(`show every header whole on every admin list page (${lang})`, async () => {
      const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, lang);
      for (const entry of PAGES) {
        await page.goto(entry.path);
        await entry.before?.(page);
        await expectWholeHeaders(page, entry.table, `${entry.name}-${lang}`);
      }
      await context.close();
      // Some 30 pages, each waited on until its rows are drawn: more than the default minute on a loaded machine.
    }, 180_000);
    it(`show every header whole on every analytics page (${lang})`, async () => {
      const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, lang);
      for (const entry of ANALYTICS_PAGES) {
        await page.goto(entry.path);
        await entry.before?.(page);
        await expectWholeHeaders(page, entry.table, `${entry.name}-${lang}`);
      }
      await context.close();
    });
  }
});
