import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { translateMessage } from '@storelens/contracts';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, type Lang, shot, signedInPage, textBox, uniqueSuffix } from '../support/admin.ts';
import { daysAgo, pickShop, typeRange } from '../support/analytics.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';

const UPLOAD_PAGE = '/settings/settingSales/performanceData';
const TEMPLATE_PAGE = '/settings/settingSales/salesTemplateSetup';
const FIXTURES = path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/pos');
const SHOP_NUMBER = 'SH-001';

let browser: Browser;
let workDir = '';
beforeAll(async () => {
  browser = await launchBrowser();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sales-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** Clicks a page button that downloads a file and keeps the file under the test's folder. */
async function download(page: Page, testId: string, fileName: string): Promise<string> {
  const started = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const file = path.join(workDir, fileName);
  await (await started).saveAs(file);
  return file;
}

/** The header row of a workbook's first sheet. */
async function headerRow(file: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error(`${file} has no sheet`);
  return (sheet.getRow(1).values as unknown[]).slice(1).map((value) => String(value ?? ''));
}

/** The orders written into the template: one store, one day, amounts in cents-exact decimals. */
const ORDERS = [
  { time: '09:15', quantity: 2, amount: 199.0, items: 2 },
  { time: '10:40', quantity: 1, amount: 59.9, items: 1 },
  { time: '14:05', quantity: 3, amount: 120.5, items: 3 },
  { time: '18:30', quantity: 5, amount: 880.25, items: 5 },
];
const ORDERS_TOTAL = 1259.65;

/**
 * Fills the downloaded template: the header row stays as the server wrote it, each column gets
 * the value of the field its header names (the template's own default headers in English).
 */
async function fillTemplate(
  templateFile: string,
  outFile: string,
  date: string,
  orderPrefix: string,
  dateText: (date: string) => string,
  rows: number = ORDERS.length,
): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(templateFile);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map((value) => String(value ?? ''));
  const byHeader: Record<string, (order: (typeof ORDERS)[number], index: number) => string | number> = {
    [translateMessage('en', 'pos.colShopNumber')]: () => SHOP_NUMBER,
    [translateMessage('en', 'pos.colOrderNumber')]: (_, index) => `${orderPrefix}-${index + 1}`,
    [translateMessage('en', 'pos.colDate')]: () => dateText(date),
    [translateMessage('en', 'pos.colTime')]: (order) => order.time,
    [translateMessage('en', 'pos.colQuantity')]: (order) => order.quantity,
    [translateMessage('en', 'pos.colAmount')]: (order) => order.amount,
    [translateMessage('en', 'pos.colPaymentType')]: () => 'card',
    [translateMessage('en', 'pos.colItemCount')]: (order) => order.items,
  };
  for (let index = 0; index < rows; index += 1) {
    const order = ORDERS[index % ORDERS.length] ?? ORDERS[0];
    const row = sheet.getRow(index + 2);
    headers.forEach((header, column) => {
      const value = byHeader[header];
      if (!value) throw new Error(`unexpected template column ${header}`);
      if (order) row.getCell(column + 1).value = value(order, index);
    });
    row.commit();
  }
  await workbook.xlsx.writeFile(outFile);
}

const uploadRow = (page: Page, fileName: string) => page.getByTestId('pos-list').locator('tr.ant-table-row').filter({ hasText: fileName }).first();

describe('sales data', () => {
  const suffix = uniqueSuffix();
  // Two days back: the same shop-local date in Shanghai and in the machine's zone, inside 'last 7 days'.
  const day = daysAgo(2);

  it('a filled template uploads, imports with its progress shown, and /sales shows the new figures', async () => {
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const stores = await api.post<{ shops: { shopId: string; shopName: string; shopNumber: string }[] }>('/sales/crossStore', {
      startDate: day,
      endDate: day,
      indicators: ['netSales'],
    });
    expect(stores.status).toBe(200);
    const shop = stores.data.shops.find((entry) => entry.shopNumber === SHOP_NUMBER);
    expect(shop, `${SHOP_NUMBER} among the demo's stores`).toBeTruthy();
    const summaryOf = async () =>
      api.post<{ values: Record<string, number | null> }>('/sales/summary', { shopIds: [shop?.shopId], startDate: day, endDate: day });
    const before = await summaryOf();
    expect(before.status).toBe(200);

    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(UPLOAD_PAGE);
    const caps = await page.getByTestId('pos-caps').innerText();
    for (const cap of ['10 files', '40 MB', '200,000', 'first sheet', 'password']) expect(caps).toContain(cap);
    await shot(page, 'sales-upload-en');

    const template = await download(page, 'pos-template-download', 'template.xlsx');
    const fileName = `e2e-pos-${suffix}.xlsx`;
    const filled = path.join(workDir, fileName);
    await fillTemplate(template, filled, day, `E2E-${suffix}`, (date) => date.replaceAll('-', '/'));
    // A large file for the day before, uploaded first: it takes the import a few seconds, during
    // which the page shows its progress bar and the small file waiting behind it (one import at a
    // time per customer, in upload order).
    const largeName = `e2e-pos-large-${suffix}.xlsx`;
    const large = path.join(workDir, largeName);
    await fillTemplate(template, large, daysAgo(3), `E2E-L-${suffix}`, (date) => date.replaceAll('-', '/'), 60_000);

    await page.getByTestId('pos-dropzone').locator('input[type=file]').setInputFiles([large, filled]);
    await page.getByTestId('pos-upload-submit').click();
    const largeRow = uploadRow(page, largeName);
    const row = uploadRow(page, fileName);
    await row.waitFor({ timeout: 20_000 });
    // The import's progress bar, while the large file is being read.
    await largeRow.locator('[data-testid^="pos-progress-"]').waitFor({ timeout: 20_000 });
    expect(await largeRow.locator('[data-status]').getAttribute('data-status')).toMatch(/waiting|uploading/);
    await shot(page, 'sales-upload-progress-en');
    for (const uploaded of [largeRow, row]) {
      await expect.poll(() => uploaded.locator('[data-status]').getAttribute('data-status'), { timeout: 120_000 }).toBe('completed');
    }
    expect(await largeRow.locator('[data-testid^="pos-progress-"]').count()).toBe(0);
    expect(await row.innerText()).toContain('Completed');
    await shot(page, 'sales-upload-completed-en');

    // The upload replaced that day of the store: the API now gives exactly the file's orders.
    const after = await summaryOf();
    expect(after.data.values.netSales).toBeCloseTo(ORDERS_TOTAL, 2);
    expect(after.data.values.transactions).toBe(ORDERS.length);
    expect(after.data.values.netSales).not.toBe(before.data.values.netSales);

    await page.goto('/sales');
    // POS data arrives for finished days: the page opens on the last 7 complete days, ending yesterday (issue 11).
    await expect.poll(() => page.getByTestId('date-range').locator('input').nth(1).inputValue(), { timeout: 15_000 }).toBe(daysAgo(1));
    expect(await page.getByTestId('date-range').locator('input').nth(0).inputValue()).toBe(daysAgo(7));
    await pickShop(page, shop?.shopName ?? '?');
    await typeRange(page, 'date-range', day, day);
    // Money shows its currency (issue 11 section 2): the Shanghai store's yuan.
    await expect.poll(() => page.getByTestId('sales-netSales').innerText(), { timeout: 20_000 }).toBe('CN¥1,259.65');
    expect(await page.getByTestId('sales-transactions').innerText()).toBe(String(ORDERS.length));
    expect(await page.getByTestId('sales-avgTransactionValue').innerText()).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CNY', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        ORDERS_TOTAL / ORDERS.length,
      ),
    );
    expect(await page.getByTestId('sales-money-info').innerText()).toContain('CNY');
    await page.locator('[data-testid="sales-trend-chart"][data-ready="true"]').first().waitFor({ timeout: 30_000 });
    await shot(page, 'sales-page-en');

    // A later file for the same store and day replaces it: the first upload reads 'Superseded', naming the file that replaced it (issue 11).
    await page.goto(UPLOAD_PAGE);
    const replacementName = `e2e-pos-replacement-${suffix}.xlsx`;
    const replacement = path.join(workDir, replacementName);
    await fillTemplate(template, replacement, day, `E2E-R-${suffix}`, (date) => date.replaceAll('-', '/'));
    await uploadRow(page, fileName).waitFor({ timeout: 20_000 });
    await page.getByTestId('pos-dropzone').locator('input[type=file]').setInputFiles([replacement]);
    await expect.poll(() => page.getByTestId('pos-upload-submit').isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('pos-upload-submit').click();
    const replacementRow = uploadRow(page, replacementName);
    await expect.poll(() => replacementRow.locator('[data-status]').getAttribute('data-status'), { timeout: 60_000 }).toBe('completed');
    const replaced = uploadRow(page, fileName);
    await expect.poll(() => replaced.locator('[data-testid="pos-superseded"]').getAttribute('data-full'), { timeout: 20_000 }).toBe('true');
    expect(await replaced.getByTestId('pos-superseded').innerText()).toContain(`Replaced by ${replacementName}`);
    expect(await replacementRow.getByTestId('pos-superseded').count()).toBe(0);
    await shot(page, 'sales-upload-superseded-en');
    await context.close();
    // A 60,000-row import runs before the small one: minutes on a busy 2-core machine, so more than the default minute.
  }, 240_000);

  it('bad files fail with their row-level errors on the page and the error report', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(UPLOAD_PAGE);
    const template = await download(page, 'pos-template-download', 'template-bad.xlsx');
    const badDate = path.join(workDir, `e2e-bad-date-${suffix}.xlsx`);
    await fillTemplate(template, badDate, day, `E2E-BAD-${suffix}`, () => '2026/13/45');
    const fixtureCopy = path.join(workDir, `e2e-bad-rows-${suffix}.xlsx`);
    fs.copyFileSync(path.join(FIXTURES, 'pos-bad-rows.xlsx'), fixtureCopy);

    await page.getByTestId('pos-dropzone').locator('input[type=file]').setInputFiles([badDate, fixtureCopy]);
    await page.getByTestId('pos-upload-submit').click();
    for (const file of [badDate, fixtureCopy]) {
      const row = uploadRow(page, path.basename(file));
      await expect.poll(() => row.locator('[data-status]').getAttribute('data-status'), { timeout: 60_000 }).toBe('failed');
    }

    const badDateRow = uploadRow(page, path.basename(badDate));
    expect(await badDateRow.innerText()).toContain('Nothing was imported');
    await badDateRow.locator('[data-testid^="pos-errors-"]').click();
    const errors = page.getByTestId('pos-error-rows');
    await errors.locator('tr.ant-table-row').first().waitFor({ timeout: 15_000 });
    const table = await errors.innerText();
    expect(table).toContain(translateMessage('en', 'pos.dateFormat'));
    // Rows are numbered as in the sheet: the header is row 1, the first order row 2.
    expect(table).toMatch(/\b2\b/);
    expect(table).toContain(translateMessage('en', 'pos.colDate'));
    await shot(page, 'sales-upload-errors-en');
    const report = page.waitForEvent('download');
    await page.getByTestId('pos-error-report').click();
    expect((await report).suggestedFilename()).toMatch(/-errors\.xlsx$/);
    await page.keyboard.press('Escape');

    // The LibreOffice fixture: its store is unknown to the demo, and its rows carry format errors.
    const fixtureRow = uploadRow(page, path.basename(fixtureCopy));
    await fixtureRow.locator('[data-testid^="pos-errors-"]').click();
    await page.getByTestId('pos-error-rows').locator('tr.ant-table-row').first().waitFor({ timeout: 15_000 });
    const fixtureErrors = await page.getByTestId('pos-error-rows').last().innerText();
    expect(fixtureErrors).toContain(translateMessage('en', 'pos.unknownShop'));
    await page.keyboard.press('Escape');

    // The corrected file goes in place of the failed one and imports.
    const corrected = path.join(workDir, `e2e-corrected-${suffix}.xlsx`);
    await fillTemplate(template, corrected, day, `E2E-FIX-${suffix}`, (date) => date.replaceAll('-', '/'));
    await badDateRow.locator('input[type=file]').setInputFiles(corrected);
    const correctedRow = uploadRow(page, path.basename(corrected));
    await expect.poll(() => correctedRow.locator('[data-status]').getAttribute('data-status'), { timeout: 60_000 }).toBe('completed');
    await context.close();
  });

  it("the template: a header used twice is refused with the server's words; a saved change shapes the downloaded template", async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(TEMPLATE_PAGE);
    const paymentHeader = textBox(page, 'template-header-paymentType');
    await paymentHeader.waitFor({ timeout: 20_000 });
    const amountHeader = translateMessage('en', 'pos.colAmount');
    await paymentHeader.fill(amountHeader);
    await page.getByTestId('template-save').click();
    await expect
      .poll(() => page.getByTestId('template-problem').innerText(), { timeout: 15_000 })
      .toBe(translateMessage('en', 'pos.duplicateHeader', { header: amountHeader }));

    // Payment type renamed, item count left out: the template file follows once saved.
    await paymentHeader.fill('Tender');
    await page.getByTestId('template-enabled-itemCount').click();
    await page.getByTestId('template-save').click();
    await expect.poll(() => page.getByTestId('template-download').isDisabled(), { timeout: 15_000 }).toBe(false);
    const file = await download(page, 'template-download', 'template-saved.xlsx');
    const headers = await headerRow(file);
    expect(headers).toContain('Tender');
    expect(headers).not.toContain(translateMessage('en', 'pos.colItemCount'));
    expect(headers).toContain(amountHeader);
    await shot(page, 'sales-template-saved-en');

    // Back to the default columns, so the other tests fill the usual template.
    await paymentHeader.fill(translateMessage('en', 'pos.colPaymentType'));
    await page.getByTestId('template-enabled-itemCount').click();
    await page.getByTestId('template-save').click();
    await expect.poll(() => page.getByTestId('template-download').isDisabled(), { timeout: 15_000 }).toBe(false);
    await context.close();
  });

  it('bars the observer from the sales settings, on the page and on the server', async () => {
    const observer = await signedInPage(browser, DEMO.observer.account, DEMO.observer.password);
    try {
      await observer.page.goto(UPLOAD_PAGE);
      await observer.page.waitForURL((url) => url.pathname === '/403');
      await observer.page.goto(TEMPLATE_PAGE);
      await observer.page.waitForURL((url) => url.pathname === '/403');
    } finally {
      await observer.context.close();
    }
    const observerApi = await apiSignIn(DEMO.observer.account, DEMO.observer.password);
    expect((await observerApi.post('/pos/list')).status).toBe(403);
    expect((await observerApi.post('/salesTemplate/getConfig')).status).toBe(403);
  });

  it.each<Lang>(['en', 'zh'])('the template page lists the columns and the required ones cannot be turned off (%s)', async (lang) => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, lang);
    await page.goto(TEMPLATE_PAGE);
    await page.getByTestId('template-columns').locator('tr.ant-table-row').nth(7).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('template-enabled-amount').isDisabled()).toBe(true);
    expect(await page.getByTestId('template-enabled-paymentType').isDisabled()).toBe(false);
    await shot(page, `sales-template-${lang}`);
    if (lang === 'zh') {
      await page.goto(UPLOAD_PAGE);
      await page.getByTestId('pos-list').locator('tr.ant-table-row').first().waitFor({ timeout: 20_000 });
      await shot(page, 'sales-upload-zh');
      await page.goto('/sales');
      await page.locator('[data-testid="sales-trend-chart"][data-ready="true"]').first().waitFor({ timeout: 30_000 });
      await shot(page, 'sales-page-zh');
      await page.goto('/consumption');
      await page.locator('[data-testid="consumption-time-chart"][data-ready="true"]').first().waitFor({ timeout: 30_000 });
      await shot(page, 'consumption-zh');
    }
    await context.close();
  });
});
