import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, chooseOption, type Lang, messageShown, press, signedInPage, textBox, uniqueSuffix } from '../support/admin.ts';
import { choosePreset, daysAgo, pickShops } from '../support/analytics.ts';
import { DEMO, launchBrowser, snapshot } from '../support/browser.ts';

const ANALYSIS = '/customTool/analysis';
const ATTRIBUTES = '/customTool/attributes';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const reportName = `E2E report ${uniqueSuffix()}`;

interface SavedReport {
  reportId: string;
  name: string;
  definition: { indicators: string[]; dimension: string; startDate: string; endDate: string; shopIds?: string[] };
}

/** The builder's choices as the page shows them: indicators, dimension, range, shop picker summary. */
async function shownChoices(page: Page) {
  const range = page.getByTestId('date-range').locator('input');
  return {
    indicators: await page.getByTestId('report-indicators').locator('.ant-select-selection-item').allInnerTexts(),
    dimension: (await page.getByTestId('report-dimension').innerText()).trim(),
    range: [await range.nth(0).inputValue(), await range.nth(1).inputValue()],
    shops: (await page.getByTestId('shop-picker').innerText()).trim(),
  };
}

/** Every row of the report's table, and its totals, as text. */
async function shownRows(page: Page) {
  const table = page.getByTestId('report-table');
  return {
    rows: await table.locator('tr.ant-table-row').allInnerTexts(),
    totals: await page.getByTestId('report-totals').innerText(),
  };
}

/** The whole page, top to bottom, under e2e/artifacts (the shared `shot` keeps the viewport only). */
async function fullShot(page: Page, name: string) {
  await page.waitForTimeout(500);
  await page.screenshot({ path: (await snapshot(page, name)).replace(/\.png$/, '-full.png'), fullPage: true });
}

describe('custom reports', () => {
  // Long: build, run, export, save, reload, reopen, rename, delete, on a machine other tests share.
  it('builds a report, saves it, and after a reload reopens it with the same choices and rows', { timeout: 180_000 }, async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(ANALYSIS);
    await page.getByTestId('report-not-run').waitFor({ timeout: 30_000 });

    await pickShops(page, ['Shanghai Lujiazui', 'Shanghai Xujiahui']);
    // The option list is virtual (only the visible options exist): type to find one, close the list after each.
    for (const [indicator, search] of [
      ['Visits', 'Visits'],
      ['Deep-visit rate', 'Deep'],
    ] as const) {
      await chooseOption(page, 'report-indicators', indicator, search);
      await page.keyboard.press('Escape');
    }
    await chooseOption(page, 'report-dimension', 'By store and day');
    await choosePreset(page, 'date-range', 'lastWeek');
    await page.getByTestId('report-run').click();

    // Two shops x the seven days of last week, each with real traffic from the demo history.
    const rows = page.getByTestId('report-table').locator('tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(14);
    const built = await shownChoices(page);
    expect(built.indicators).toEqual(['Entries', 'Capture rate', 'Average stay (min)', 'Visits', 'Deep-visit rate']);
    expect(built.dimension).toBe('By store and day');
    expect(built.shops).toBe('Stores: 2');
    const before = await shownRows(page);
    expect(before.rows.filter((row) => row.includes('Shanghai Lujiazui'))).toHaveLength(7);
    expect(before.rows.filter((row) => row.includes('Shanghai Xujiahui'))).toHaveLength(7);
    expect(before.totals).toMatch(/Total\s+[\d,]*[1-9]/);
    await page.locator('[data-testid="report-chart"][data-ready="true"]').waitFor();

    // The export is the table as it ran, a real workbook.
    const download = page.waitForEvent('download');
    await page.getByTestId('report-export').click();
    const file = await (await download).path();
    expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe('PK');

    await page.getByTestId('report-save').click();
    await textBox(page, 'report-name').fill(reportName);
    await press(page, 'report-name-submit');
    await messageShown(page, `Report “${reportName}” saved`);
    await expect.poll(() => page.getByTestId('report-current-name').innerText()).toBe(reportName);

    // Saved as built: the server holds the same definition.
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const list = await api.post<SavedReport[]>('/customReport/list');
    const saved = list.data.find((report) => report.name === reportName);
    expect(saved?.definition).toMatchObject({
      indicators: ['entries', 'captureRate', 'avgDwellMinutes', 'visits', 'deepVisitRate'],
      dimension: 'shopDay',
      startDate: built.range[0],
      endDate: built.range[1],
    });
    expect(saved?.definition.shopIds).toHaveLength(2);

    await page.reload();
    await page.getByTestId('report-not-run').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('report-current-name').innerText()).toBe('Unsaved report');
    // The page starts from its defaults, so the reopened report has something to restore.
    expect((await shownChoices(page)).dimension).toBe('By day');

    await page.getByTestId(`saved-report-open-${reportName}`).click();
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(14);
    await expect.poll(() => page.getByTestId('report-current-name').innerText()).toBe(reportName);
    expect(await shownChoices(page)).toEqual(built);
    expect(await shownRows(page)).toEqual(before);
    await fullShot(page, 'custom-report-en');

    // Save overwrites the open report with the current choices.
    await chooseOption(page, 'report-dimension', 'By store');
    await page.getByTestId('report-changed').waitFor();
    await page.getByTestId('report-save').click();
    await messageShown(page, `Report “${reportName}” saved`);
    const overwritten = await api.post<SavedReport>('/customReport/get', { reportId: saved?.reportId });
    expect(overwritten.data).toMatchObject({ name: reportName, definition: { dimension: 'shop', startDate: built.range[0], endDate: built.range[1] } });
    expect((await api.post<SavedReport[]>('/customReport/list')).data.filter((report) => report.name === reportName)).toHaveLength(1);

    // Rename, then delete after confirming.
    const renamed = `${reportName} v2`;
    await page.getByTestId(`saved-report-rename-${reportName}`).click();
    await textBox(page, 'report-name').fill(renamed);
    await press(page, 'report-name-submit');
    await messageShown(page, `Report “${renamed}” saved`);
    await expect.poll(() => page.getByTestId('report-current-name').innerText()).toBe(renamed);
    await page.getByTestId(`saved-report-delete-${renamed}`).click();
    expect(await page.getByTestId('confirm-modal-body').innerText()).toContain('Only the saved choices are deleted');
    await press(page, 'confirm-modal-ok');
    await messageShown(page, 'Report deleted');
    await page.getByTestId(`saved-report-open-${renamed}`).waitFor({ state: 'detached' });
    expect((await api.post<SavedReport[]>('/customReport/list')).data.some((report) => report.reportId === saved?.reportId)).toBe(false);
    await context.close();
  });

  it('saves a rolling range as its rule, reopens it with it, and exports the report with its totals and what it is', { timeout: 180_000 }, async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(ANALYSIS);
    await page.getByTestId('report-not-run').waitFor({ timeout: 30_000 });
    await pickShops(page, ['Shanghai Lujiazui', 'Shanghai Xujiahui']);
    await chooseOption(page, 'report-rolling', 'Last complete week');
    await chooseOption(page, 'report-dimension', 'By day');
    await page.getByTestId('report-run').click();
    const rows = page.getByTestId('report-table').locator('tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(7);
    // The server's dates of the rule: a Monday to a Sunday, before this week.
    const ran = (await page.getByTestId('report-ran-range').innerText()).trim();
    const [, monday = '', sunday = ''] = /^Last complete week: (\d{4}-\d{2}-\d{2}) ~ (\d{4}-\d{2}-\d{2})$/.exec(ran) ?? [];
    expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
    expect((Date.parse(sunday) - Date.parse(monday)) / 86_400_000).toBe(6);
    // Before this week of the stores' calendar (Shanghai's, a day ahead of UTC from 16:00 UTC).
    expect(sunday < daysAgo(0, 'Asia/Shanghai')).toBe(true);

    // The export, read back: the table with its data column and totals, and a sheet saying what it is.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('report-export').click()]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-report-')), download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheetRows = (sheet: ExcelJS.Worksheet | undefined) => {
      const result: unknown[][] = [];
      sheet?.eachRow((row) => {
        result.push((row.values as unknown[]).slice(1));
      });
      return result;
    };
    const table = sheetRows(workbook.worksheets[0]);
    expect(table[0]).toEqual(['Period', 'Entries', 'Capture rate', 'Average stay (min)', 'Data']);
    expect(table.slice(1, 8).map((row) => row[0])).toEqual(
      Array.from({ length: 7 }, (_, day) => new Date(Date.parse(monday) + day * 86_400_000).toISOString().slice(0, 10)),
    );
    const totals = table[8] ?? [];
    expect(totals[0]).toBe('Total');
    // Entries add up; the capture rate is recomputed, not added.
    expect(totals[1]).toBe(table.slice(1, 8).reduce((sum, row) => sum + Number(row[1] ?? 0), 0));
    expect(Number(totals[2])).toBeLessThan(1);
    const about = sheetRows(workbook.worksheets[1]);
    expect(workbook.worksheets[1]?.name).toBe('About this report');
    expect(about.find((row) => row[0] === 'Period')?.[1]).toBe(`Last complete week (${monday} ~ ${sunday}), resolved when the file was generated`);
    expect(about.find((row) => row[0] === 'Stores')?.[1]).toBe('2 stores');
    expect(String(about.find((row) => row[0] === 'Generated at')?.[1])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(.+, UTC[+-]\d{2}:\d{2}\)$/);

    const name = `${reportName} rolling`;
    await page.getByTestId('report-save').click();
    await textBox(page, 'report-name').fill(name);
    await press(page, 'report-name-submit');
    await messageShown(page, `Report “${name}” saved`);
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const saved = (await api.post<(SavedReport & { definition: { rolling?: string } })[]>('/customReport/list')).data.find((report) => report.name === name);
    expect(saved?.definition).toMatchObject({ rolling: 'lastCompleteWeek', dimension: 'day', startDate: monday, endDate: sunday });

    await page.reload();
    await page.getByTestId('report-not-run').waitFor({ timeout: 30_000 });
    expect((await page.getByTestId('report-rolling').innerText()).trim()).toBe('Fixed dates');
    await page.getByTestId(`saved-report-open-${name}`).click();
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(7);
    expect((await page.getByTestId('report-rolling').innerText()).trim()).toBe('Last complete week');
    expect((await page.getByTestId('report-ran-range').innerText()).trim()).toBe(ran);
    await fullShot(page, 'custom-report-rolling-en');
    await api.post('/customReport/delete', { reportId: saved?.reportId });
    await context.close();
  });

  it('the Japanese builder runs a report by store', { timeout: 120_000 }, async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, 'jp');
    await page.goto(ANALYSIS);
    await page.getByTestId('report-not-run').waitFor({ timeout: 30_000 });
    await pickShops(page, ['Shanghai Lujiazui', 'Shanghai Xujiahui', 'Hangzhou West Lake']);
    await chooseOption(page, 'report-dimension', '店舗別');
    await page.getByTestId('report-run').click();
    await expect.poll(() => page.getByTestId('report-table').locator('tr.ant-table-row').count(), { timeout: 30_000 }).toBe(3);
    await page.locator('[data-testid="report-chart"][data-ready="true"]').waitFor();
    await fullShot(page, 'custom-report-jp');
    await context.close();
  });
});

describe('visitor analytics', () => {
  const numberOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

  for (const lang of ['en', 'jp'] as const satisfies readonly Lang[]) {
    it(`shows the server's visitor figures, each section with its chart and table (${lang})`, { timeout: 120_000 }, async () => {
      const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, lang);
      const stayTimeAnswer = page.waitForResponse((response) => response.url().endsWith('/api/customer/stayTimeDistribution'), { timeout: 30_000 });
      const profileAnswer = page.waitForResponse((response) => response.url().endsWith('/api/customerAttribute/profile'), { timeout: 30_000 });
      await page.goto(ATTRIBUTES);
      const stayTime = ((await (await stayTimeAnswer).json()) as { data: { visits: number; deepVisitRate: number | null } }).data;
      const profile = ((await (await profileAnswer).json()) as { data: { visits: number; gender: { visits: number }[] } }).data;
      // The demo history has visits every day: the page shows real, non-zero numbers, the server's.
      expect(stayTime.visits).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('visitors-visits').innerText(), { timeout: 15_000 }).toMatch(/\d/);
      expect(numberOf(await page.getByTestId('visitors-visits').innerText())).toBe(stayTime.visits);
      expect(profile.visits).toBe(stayTime.visits);
      const genderRows = page.getByTestId('profile-table').locator('tr.ant-table-row');
      await expect.poll(() => genderRows.count()).toBe(3 + 7);
      const firstGender = await genderRows.first().innerText();
      expect(numberOf(firstGender.split('\t')[2] ?? '')).toBe(profile.gender[0]?.visits);
      for (const section of [
        'profile-gender-chart',
        'profile-age-chart',
        'new-repeat-chart',
        'frequency-chart',
        'revisit-chart',
        'activity-chart',
        'stay-time-chart',
      ]) {
        await page.locator(`[data-testid="${section}"][data-ready="true"]`).waitFor({ timeout: 30_000 });
      }
      expect(await page.getByTestId('frequency-table').locator('tr.ant-table-row').count()).toBe(5);
      expect(await page.getByTestId('activity-table').locator('tr.ant-table-row').count()).toBe(3);
      expect(await page.getByTestId('stay-time-table').locator('tr.ant-table-row').count()).toBe(7);
      await fullShot(page, `visitor-analytics-${lang}`);

      const download = page.waitForEvent('download');
      await page.getByTestId('profile-export').click();
      expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
      await context.close();
    });
  }
});
