import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { shot, signedInPage, uniqueSuffix } from '../support/admin.ts';
import { exportedRows, selectAllShops, tableRows } from '../support/analytics.ts';
import { baseUrl, DEMO, launchBrowser, newContext } from '../support/browser.ts';
import { signInThroughPage, waitForShell } from '../support/flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface DemoBox {
  customer: string;
  shopId: string;
  shopNumber: string;
  token: string;
  cameras: { cameraId: string; number: string }[];
}

/** The demo boxes and their device tokens, as seed-demo wrote them (docs/API.md). */
function demoBoxes(): DemoBox[] {
  return JSON.parse(fs.readFileSync(path.join(inject('dataDir'), 'demo-devices.json'), 'utf8')) as DemoBox[];
}

/** Digits of a figure as the page writes it ('1,234' -> 1234). */
const figure = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/** A rate cell of an export as the page shows it: 0.2734 -> '27.3%', empty -> '--'. */
const asShownPercent = (value: unknown) => (typeof value === 'number' ? `${(Math.round(value * 1000) / 10).toFixed(1)}%` : '--');

describe("today's traffic", () => {
  it('the entries figure rises, without a reload, after a box posts line crossings to the device API', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto('/dashboard');
    await selectAllShops(page);
    await page.getByTestId('dashboard-shop-table').locator('tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="dashboard-hourly-chart"][data-ready="true"], [data-testid="dashboard-hourly-chart-empty"]').first().waitFor();
    const before = figure(await page.getByTestId('dashboard-entries').innerText());

    // A box of an open shop the dashboard lists (a spec may have closed a shop; closed shops collect nothing).
    const rows = await tableRows(page, 'dashboard-shop-table');
    const openShops = rows.filter((cells) => !/closed/i.test(cells[1] ?? '')).map((cells) => cells[0]);
    const box = demoBoxes().find((entry) => entry.customer === 'Demo Retail' && openShops.includes(entry.shopNumber));
    expect(box, 'a demo box of an open shop').toBeTruthy();
    if (!box) return;
    const shopRow = () => page.getByTestId('dashboard-shop-table').locator('tr.ant-table-row').filter({ hasText: box.shopNumber });
    const shopBefore = figure((await shopRow().locator('td').nth(3).innerText()) ?? '0');

    await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));
    const crossings = 7;
    const camera = box.cameras[0]?.cameraId ?? '';
    const response = await fetch(`${baseUrl()}/api/device/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${box.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        batchId: `e2e-dashboard-${uniqueSuffix()}`,
        events: [
          { type: 'line', cameraId: camera, direction: 'in', at: new Date().toISOString(), count: crossings - 2 },
          { type: 'line', cameraId: camera, direction: 'in', at: new Date().toISOString(), count: 2 },
          // Staff crossings are no customer entries: the figure must not count them.
          { type: 'line', cameraId: camera, direction: 'in', at: new Date().toISOString(), count: 3, staff: true },
        ],
      }),
    });
    const answer = (await response.json()) as { status: number; msg: string; data: { accepted: number; ignoredClosed: number } };
    expect(answer.status, answer.msg).toBe(200);
    expect(answer.data).toMatchObject({ accepted: 3, ignoredClosed: 0 });

    // The real-time channel tells the page (a dashboard event for the shop); polling is the fallback.
    await expect
      .poll(async () => figure(await page.getByTestId('dashboard-entries').innerText()), { timeout: 60_000, interval: 1_000 })
      .toBe(before + crossings);
    expect(figure(await shopRow().locator('td').nth(3).innerText())).toBe(shopBefore + crossings);
    expect(await page.evaluate(() => 'e2eSamePage' in window), 'the page was not reloaded').toBe(true);
    await shot(page, 'traffic-dashboard-en');
    await context.close();
  }, 180_000);

  it("exports today's table as an .xlsx holding the rows the page shows", async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto('/dashboard');
    await selectAllShops(page);
    await page.getByTestId('dashboard-shop-table').locator('tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    const shown = await tableRows(page, 'dashboard-shop-table');
    expect(shown.length).toBeGreaterThan(1);

    const { fileName, rows } = await exportedRows(page, 'dashboard-export');
    expect(fileName).toBe("Today's traffic.xlsx");
    const [header, ...body] = rows;
    expect(header?.slice(0, 5)).toEqual(['Store number', 'Store', 'Local date', 'Entries', 'Passers-by']);
    expect(body).toHaveLength(shown.length);
    for (const cells of shown) {
      const row = body.find((values) => values[0] === cells[0]);
      expect(row, `store ${cells[0]} in the export`).toBeTruthy();
      expect(cells[1]).toContain(String(row?.[1]));
      expect(row?.[2]).toBe(cells[2]);
      expect(row?.[3]).toBe(figure(cells[3] ?? ''));
      expect(row?.[4]).toBe(figure(cells[4] ?? ''));
      expect(asShownPercent(row?.[5])).toBe(cells[5]);
    }
    await context.close();
  }, 120_000);

  it('exports the trend table as an .xlsx holding the periods and values the page shows', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto('/trend');
    await selectAllShops(page);
    await page.locator('[data-testid="trend-chart"][data-ready="true"]').waitFor({ timeout: 20_000 });
    const shown = await tableRows(page, 'trend-table');
    // The default range: the last 7 days by day, entries and capture rate.
    expect(shown).toHaveLength(7);
    expect(
      shown.some((cells) => figure(cells[1] ?? '0') > 0),
      'the seeded demo has traffic in the last week',
    ).toBe(true);

    const { fileName, rows } = await exportedRows(page, 'trend-export');
    expect(fileName).toBe('Traffic trend.xlsx');
    const [header, ...body] = rows;
    expect(header).toEqual(['Date', 'Entries', 'Capture rate']);
    expect(body.map((values) => [values[0], values[1], asShownPercent(values[2])])).toEqual(shown.map((cells) => [cells[0], figure(cells[1] ?? ''), cells[2]]));
    // The demo records the weather of every demo city: the chart lists it per city, marked as simulated.
    await expect.poll(() => page.getByTestId('trend-weather-city').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('trend-weather-demo').isVisible()).toBe(true);
    await shot(page, 'traffic-trend-en');
    await context.close();
  }, 120_000);
});

describe('serving the app', () => {
  it('/login and an analytics page run under the content security policy without a violation; files arrive compressed and cached', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const cspMessages: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspMessages.push(message.text());
    });
    // Besides the console: the violation events of each document, kept in sessionStorage across navigations.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const seen = JSON.parse(sessionStorage.getItem('e2e.cspViolations') ?? '[]') as string[];
        sessionStorage.setItem('e2e.cspViolations', JSON.stringify([...seen, `${event.effectiveDirective} ${event.blockedURI}`]));
      });
    });
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));

    await signInThroughPage(page, DEMO.admin.account, DEMO.admin.password, '?lang=en');
    await waitForShell(page);
    const loginDocument = responses.find((response) => new URL(response.url()).pathname === '/login' && response.request().resourceType() === 'document');
    const loginHeaders = (await loginDocument?.allHeaders()) ?? {};
    expect(loginHeaders['content-security-policy']).toContain("script-src 'self';");
    expect(loginHeaders['x-frame-options']).toBe('DENY');
    expect(loginHeaders['cache-control']).toBe('no-cache');
    const entryScript = responses.find((response) => response.request().resourceType() === 'script' && /\/assets\/index-[\w-]+\.js$/.test(response.url()));
    const entryHeaders = (await entryScript?.allHeaders()) ?? {};
    expect(entryHeaders['content-encoding']).toBe('br');
    expect(entryHeaders['cache-control']).toBe('public, max-age=31536000, immutable');

    // An analytics page: antd's run-time styles and an ECharts chart.
    await page.goto('/trend');
    await selectAllShops(page);
    await page.locator('[data-testid="trend-chart"][data-ready="true"]').waitFor({ timeout: 20_000 });
    expect(cspMessages).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('e2e.cspViolations'))).toBeNull();
    await context.close();
  }, 120_000);
});
