import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, messageShown, shot, signedInPage, textBox, uniqueSuffix } from '../support/admin.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';

/**
 * Warehouse patrol in Chromium (issue 16 section 2): the demo's plan of three Shanghai stock rooms
 * with two weeks of checks (the boxes' AI results through the device API, a handler's, missed
 * ones) shows on the catalogue card, on the analysis page (totals, the chart, the store-days and
 * their workbook), and on a store-day's timeline; a check awaiting a result, when one is in its
 * window at the time of the run, is judged there.
 */
let browser: Browser;
let workDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'warehouse-e2e-'));
});
afterAll(async () => {
  await browser?.close();
});

/** Closes a multiple select's dropdown and waits until none is open (another select's options are not mistaken for its own). */
async function closeDropdown(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
}

const number = async (text: Promise<string>) => Number((await text).replace(/[^\d.]/g, ''));

describe('warehouse patrol', () => {
  it('shows the catalogue’s facts, the analysis with its export, and a store-day’s timeline', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    try {
      // The catalogue: set up, with the plan's three stores.
      await page.goto('/extendService');
      await page.getByTestId('service-card-warehousePatrol').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('service-state-warehousePatrol').innerText()).not.toBe('Not set up');
      expect(await number(page.getByTestId('service-fact-warehousePatrol-stores').innerText())).toBe(3);
      expect(await number(page.getByTestId('service-fact-warehousePatrol-plans').innerText())).toBe(1);
      await shot(page, 'warehouse-catalogue-en');

      // The analysis: its card's link, the last 7 days of every store the admin sees.
      await page.getByTestId('service-open-warehousePatrol').click();
      await page.waitForURL(/\/warehousePatrol\/patrolAnalysis/);
      await page.getByTestId('warehouse-analysis').waitFor({ timeout: 30_000 });
      await expect.poll(() => number(page.getByTestId('warehouse-checks').innerText()), { timeout: 20_000 }).toBeGreaterThan(0);
      const checks = await number(page.getByTestId('warehouse-checks').innerText());
      const done = await number(page.getByTestId('warehouse-done').innerText());
      const missed = await number(page.getByTestId('warehouse-missed').innerText());
      // Every check that came due is done, missed or still awaiting its result.
      expect(done + missed).toBeLessThanOrEqual(checks);
      expect(missed).toBeGreaterThan(0);
      await page.getByTestId('warehouse-trend').locator('canvas').first().waitFor({ timeout: 15_000 });
      const rows = page.getByTestId('warehouse-days').locator('tbody tr.ant-table-row');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
      await shot(page, 'warehouse-analysis-en');

      // The workbook holds the table's store-days, headers in English.
      const started = page.waitForEvent('download');
      await page.getByTestId('warehouse-export').click();
      const file = path.join(workDir, 'warehouse.xlsx');
      await (await started).saveAs(file);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error('the workbook has no sheet');
      expect(sheet.name).toBe('Warehouse patrol');
      expect((sheet.getRow(1).values as unknown[]).slice(1, 8)).toEqual(['Store', 'Date', 'Checks', 'Done', 'Passed', 'Failed', 'Missed']);
      expect(sheet.rowCount).toBeGreaterThanOrEqual(4);

      // A store-day with checks: its timeline, in time order, with states and frames or their absence.
      await rows.first().locator('a').click();
      await page.waitForURL(/\/warehousePatrol\/singleDayDetails\?shopId=/);
      await page.getByTestId('warehouse-timeline').waitFor({ timeout: 20_000 });
      const cards = page.getByTestId('warehouse-timeline').locator('[data-testid^="warehouse-check-"]');
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const states = await page.getByTestId('warehouse-state').allInnerTexts();
      expect(states.every((state) => ['Upcoming', 'Awaiting result', 'Passed', 'Failed', 'Missed'].includes(state.trim()))).toBe(true);
      const times = await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')?.split('-')[2] ?? ''));
      expect(times).toEqual([...times].sort());
      await shot(page, 'warehouse-day-en');

      // The first store's stock-room camera has the demo's recordings: its frames are the running server's captures.
      await page.goBack();
      await page.getByTestId('warehouse-days').waitFor({ timeout: 20_000 });
      // Yesterday in Shanghai: the demo's two days of recordings cover all of it.
      const yesterday = new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
      await page
        .getByTestId('warehouse-days')
        .locator('tbody tr.ant-table-row', { hasText: 'Shanghai Nanjing Road' })
        .filter({ hasText: yesterday })
        .first()
        .locator('a')
        .click();
      await page.getByTestId('warehouse-timeline').waitFor({ timeout: 20_000 });
      const frames = page.getByTestId('warehouse-timeline').locator('img');
      await expect.poll(() => frames.count(), { timeout: 60_000 }).toBeGreaterThan(0);
      expect(await frames.first().evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await shot(page, 'warehouse-day-frames-en');

      // Today, a check in its window is the handler's to judge (only when the run falls in one).
      await page.goto('/warehousePatrol/singleDayDetails');
      await page.getByTestId('warehouse-day').waitFor({ timeout: 20_000 });
      await page.waitForTimeout(1500);
      const pass = page.getByTestId('warehouse-pass');
      if ((await pass.count()) > 0) {
        const before = await number(page.getByTestId('warehouse-day-passed').innerText());
        await pass.first().click();
        await expect.poll(() => number(page.getByTestId('warehouse-day-passed').innerText()), { timeout: 15_000 }).toBe(before + 1);
        await shot(page, 'warehouse-judged-en');
      }
    } finally {
      await context.close();
    }
  });

  it('makes a new plan on its form, which refuses a window past midnight, and lists it among the plans as a warehouse patrol', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    const name = `Stock rooms ${uniqueSuffix()}`;
    try {
      await page.goto('/warehousePatrol/patrolAnalysis');
      await page.getByTestId('warehouse-plan-add').click();
      await page.waitForURL(/\/warehousePatrol\/plan\/add/);
      await page.getByTestId('warehouse-plan-form').waitFor({ timeout: 20_000 });
      await textBox(page, 'warehouse-plan-name').fill(name);
      await chooseOption(page, 'warehouse-plan-shops', 'Shanghai Nanjing Road', 'Nanjing');
      await closeDropdown(page);
      // The store's cameras are offered under its name once it is chosen.
      await chooseOption(page, 'warehouse-plan-cameras', /./);
      await closeDropdown(page);
      // 23:30 with the default 60-minute window would end past the store's midnight: said before sending.
      await chooseOption(page, 'warehouse-plan-times', '23:30', '23:30');
      await expect.poll(() => page.getByTestId('warehouse-plan-form').innerText()).toContain('A check time plus its window must end by midnight');
      // Chosen again, it is taken off.
      await chooseOption(page, 'warehouse-plan-times', '23:30', '23:30');
      await closeDropdown(page);
      await expect.poll(() => page.getByTestId('warehouse-plan-form').innerText()).not.toContain('must end by midnight');
      await chooseOption(page, 'warehouse-plan-handlers', /./);
      await closeDropdown(page);
      await shot(page, 'warehouse-plan-form-en');
      await page.getByTestId('warehouse-plan-save').click();
      await messageShown(page, 'Warehouse plan created');
      await page.waitForURL(/\/warehousePatrol\/patrolAnalysis/);

      // The engine's plan list shows it, marked as a warehouse patrol.
      await page.goto('/taskManagement/dailyPatrol');
      await textBox(page, 'plan-search').fill(name);
      await page.getByTestId(`plan-type-${name}`).waitFor({ timeout: 20_000 });
      expect(await page.getByTestId(`plan-type-${name}`).innerText()).toBe('Warehouse patrol');
    } finally {
      await context.close();
    }
  });
});
