import {
  type AssignmentRow,
  analysisOperations,
  type BatchRow,
  type PatrolStats,
  type PlanRow,
  planOperations,
  type TodoDetail,
  todoOperations,
} from '@storelens/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSignIn, shot, signedInPage, textBox } from '../support/admin.ts';
import { exportedRows, rowsOf, selectAllShops, tableRows, typeRange } from '../support/analytics.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';

/**
 * The inspection analysis and a plan's result pages (issue 14 sections 2 and 5) on the demo's
 * history: the daily opening check done every past day in every demo store (28 days in this tier).
 * The dates are fixed days well inside that history, in Shanghai's calendar (the browser's zone
 * here): five to eleven days back, never today, so neither the hour the tier runs at (a Sydney
 * store may already be on tomorrow, a Kuala Lumpur one still on yesterday) nor today's open work
 * changes what these pages show. Every figure is checked against the API's answer to the same
 * question, which the server's own tests check against hand counts.
 */
const TIME_ZONE = 'Asia/Shanghai';
const PLAN = 'Daily opening check';

/** The Shanghai date `days` before now (YYYY-MM-DD). */
function shanghaiDaysAgo(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() - days * 86_400_000),
  );
}

const FROM = shanghaiDaysAgo(11);
const TO = shanghaiDaysAgo(5);
const PHASE = shanghaiDaysAgo(6);
const RESULT_LABEL = { pass: 'Pass', fail: 'Fail', invalid: 'Not applicable' } as const;

const apiPath = (operation: { path: string }) => operation.path.replace(/^\/api/, '');
async function api<T>(session: ApiSession, operation: { path: string }, body: unknown): Promise<T> {
  const answer = await session.post<T>(apiPath(operation), body);
  expect(answer.status, `${operation.path}: ${answer.msg}`).toBe(200);
  return answer.data;
}

let browser: Browser;
let admin: ApiSession;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
});
afterAll(async () => browser?.close());

describe('inspection analysis and plan results on the demo history', () => {
  it('shows the analysis of a past week as the API counts it: pass rate, completion, stores, and the same in the export', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, 'en', TIME_ZONE);
    try {
      await page.goto('/taskManagement/patrolAnalysis');
      await page.getByTestId('patrol-analysis-shop-table').waitFor();
      // The page has set its default range before ours is typed (else its first render puts it back).
      const inputs = page.getByTestId('date-range').locator('input');
      await expect.poll(() => inputs.nth(1).inputValue(), { timeout: 15_000 }).not.toBe('');
      // The whole chain (the picker opens on one store).
      await selectAllShops(page);
      // The page asks for the stores its picker holds (closed stores hidden): the expected answer is
      // the API's to that very question.
      const asked = page.waitForRequest((request) => {
        if (!request.url().endsWith(analysisOperations.patrolStats.path)) return false;
        const body = request.postDataJSON() as { startDate?: string; endDate?: string };
        return body.startDate === FROM && body.endDate === TO;
      });
      await typeRange(page, 'date-range', FROM, TO);
      await expect.poll(() => Promise.all([inputs.nth(0).inputValue(), inputs.nth(1).inputValue()])).toEqual([FROM, TO]);
      const question = (await asked).postDataJSON() as { startDate: string; endDate: string; shopIds: string[] };
      expect(question.shopIds.length).toBeGreaterThan(1);
      const expected = await api<PatrolStats>(admin, analysisOperations.patrolStats, question);
      // The demo's history has inspections of these stores on these days.
      expect(expected.summary.completed).toBeGreaterThan(0);
      expect(expected.summary.passed + expected.summary.failed).toBeGreaterThan(0);
      const percent = (value: number | null) =>
        value === null ? '--' : new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
      await expect.poll(() => page.getByTestId('patrol-analysis-pass-rate').innerText(), { timeout: 20_000 }).toBe(percent(expected.summary.passRate));
      expect(await page.getByTestId('patrol-analysis-completed').innerText()).toBe(
        `${expected.summary.completed.toLocaleString('en-US')} / ${expected.summary.assignments.toLocaleString('en-US')}`,
      );
      expect(await page.getByTestId('patrol-analysis-rectifications').innerText()).toBe(expected.summary.rectifications.toLocaleString('en-US'));

      // The store table, ranked best first as the API ranks them (its first page).
      await expect.poll(() => rowsOf(page, 'patrol-analysis-shop-table').count(), { timeout: 20_000 }).toBe(Math.min(10, expected.shops.length));
      const rows = await tableRows(page, 'patrol-analysis-shop-table');
      expect(rows).toEqual(
        expected.shops
          .slice(0, 10)
          .map((shop) => [
            shop.shopName,
            shop.orgName,
            `${shop.completed} / ${shop.assignments}`,
            String(shop.passed),
            String(shop.failed),
            String(shop.invalid),
            percent(shop.passRate),
          ]),
      );
      await page.getByTestId('patrol-analysis-trend').scrollIntoViewIfNeeded();
      await shot(page, 'inspection-analysis-en');

      // The export answers the same question: its summary sheet carries the same pass rate.
      const exported = await exportedRows(page, 'patrol-analysis-export');
      expect(exported.fileName).toContain('.xlsx');
      expect(exported.rows).toContainEqual(['Pass rate', expected.summary.passRate]);
      expect(exported.rows).toContainEqual(['Completed', expected.summary.completed]);
    } finally {
      await context.close();
    }
  });

  it("walks a plan's results: its phases, one past phase's stores and inspections, and one inspection's marks", async () => {
    const plans = await api<{ list: PlanRow[] }>(admin, planOperations.planList, { page: 1, pageSize: 10, keyword: PLAN });
    const plan = plans.list.find((row) => row.name === PLAN);
    expect(plan, `the demo plan ${PLAN}`).toBeTruthy();
    const planId = plan?.planId ?? '';
    const phases = await api<BatchRow[]>(admin, planOperations.batchStatusList, { planId });
    const phase = phases.find((row) => row.date === PHASE);
    expect(phase, `the phase of ${PHASE}`).toBeTruthy();
    const assignments = await api<{ list: AssignmentRow[]; total: number }>(admin, planOperations.assignmentList, {
      planId,
      batchId: PHASE,
      page: 1,
      // The page's first page.
      pageSize: 20,
    });
    expect(assignments.total).toBe(phase?.storeCount);

    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, 'en', TIME_ZONE);
    try {
      // The plan list, then the plan's phases: the chosen day's row says what the API says.
      await page.goto('/taskManagement/dailyPatrol');
      await textBox(page, 'plan-search').fill(PLAN);
      await page.getByTestId(`plan-name-${PLAN}`).click();
      await page.waitForURL((url) => url.pathname === '/taskManagement/dailyPatrol/phaseTask' && url.searchParams.get('planId') === planId);
      const phaseLink = page.getByTestId(`phase-${PHASE}`);
      await phaseLink.waitFor({ timeout: 20_000 });
      const phaseRow = page.getByTestId('phase-table').locator('tr.ant-table-row').filter({ has: phaseLink });
      const cells = (await phaseRow.locator('td').allInnerTexts()).map((text) => text.trim());
      expect(cells).toEqual([
        PHASE,
        String(phase?.storeCount),
        `${phase?.progress.done} / ${phase?.progress.total}`,
        phase?.progress.passRate === null ? '--' : `${phase?.progress.passRate.toFixed(1)}%`,
      ]);
      await shot(page, 'inspection-plan-phases-en');

      // The phase: each store's inspection with its state and pass / fail / not applicable counts.
      await phaseLink.click();
      await page.waitForURL((url) => url.pathname === '/taskManagement/dailyPatrol/phaseTask/detailsCyclic' && url.searchParams.get('batchId') === PHASE);
      await expect.poll(() => rowsOf(page, 'assignment-table').count(), { timeout: 20_000 }).toBe(assignments.list.length);
      const shown = await tableRows(page, 'assignment-table');
      expect(shown.map((row) => [row[0], row[2], row[3]])).toEqual(
        assignments.list.map((row) => [
          row.shopName,
          row.overdue ? 'Overdue' : row.status === 'completed' ? 'Completed' : row.status === 'pending' ? 'Waiting' : 'Cancelled',
          row.status === 'completed' ? `${row.passed} / ${row.failed} / ${row.invalid}` : '--',
        ]),
      );
      await shot(page, 'inspection-phase-detail-en');

      // One inspection's result: a failed one if the day had any (its rectification linked), else a done one.
      const done = assignments.list.filter((row) => row.status === 'completed');
      expect(done.length).toBeGreaterThan(0);
      const chosen = done.find((row) => row.failed > 0) ?? done[0];
      const detail = await api<TodoDetail>(admin, todoOperations.todoDetail, { assignmentId: chosen?.assignmentId });
      await page.goto(`/myTodo/taskTodo/processRecord/detailsPatrol?assignmentId=${encodeURIComponent(chosen?.assignmentId ?? '')}`);
      await page.locator('[data-testid="inspection-result"][data-status="completed"]').waitFor({ timeout: 20_000 });
      for (const [index, item] of detail.items.entries()) {
        expect(await page.getByTestId(`result-mark-${index}`).innerText()).toBe(item.result ? RESULT_LABEL[item.result] : '—');
        expect(await page.getByTestId(`result-rectification-${index}`).count()).toBe(item.rectificationId ? 1 : 0);
      }
      expect(detail.items.filter((item) => item.result === 'fail')).toHaveLength(chosen?.failed ?? -1);
      await shot(page, 'inspection-result-en');
    } finally {
      await context.close();
    }
  });
});
