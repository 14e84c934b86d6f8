import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, BROWSER_LOCALE, type Lang, messageShown, press, shot, textBox } from '../support/admin.ts';
import { selectAllShops, tableRows } from '../support/analytics.ts';
import { DEMO, launchBrowser, newContext } from '../support/browser.ts';
import { type DemoBox, demoBoxes, postDeviceEvents, standingPeople } from '../support/devices.ts';
import { signInThroughPage, waitForShell } from '../support/flows.ts';

/**
 * The real-time channel in Chromium (issue 15 section 5): with /dashboard open, a box's events
 * through the device API raise its figure without a reload; a message posted by the server (an
 * occupancy alarm, made by a box's tracks) raises the bell's count without a reload. And the
 * webhooks settings page against a receiver on the loopback address.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

/**
 * Signed in on a page, with patience for a loaded machine (the first page of a fresh server has
 * taken over 30 s to load on two busy cores).
 */
async function signedIn(lang: Lang = 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, BROWSER_LOCALE[lang]);
  const page = await context.newPage();
  page.setDefaultNavigationTimeout(120_000);
  await signInThroughPage(page, DEMO.admin.account, DEMO.admin.password, `?lang=${lang}`);
  await waitForShell(page);
  return { context, page };
}
afterAll(async () => browser?.close());

const figure = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

const postEvents = (box: DemoBox, events: unknown[]) => postDeviceEvents(box, events, 'e2e-realtime');

/** Waits until the page's event stream is open (the bell says so). */
async function streamOpen(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('notice-bell').getAttribute('data-realtime'), { timeout: 30_000 }).toBe('open');
}

const notReloaded = (page: Page) => page.evaluate(() => 'e2eSamePage' in window);

describe('the real-time channel', () => {
  it("a box's events raise the dashboard's figure without a reload, within seconds", async () => {
    const { context, page } = await signedIn();
    await page.goto('/dashboard');
    await selectAllShops(page);
    await page.getByTestId('dashboard-shop-table').locator('tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    await streamOpen(page);
    const before = figure(await page.getByTestId('dashboard-entries').innerText());
    const rows = await tableRows(page, 'dashboard-shop-table');
    const openShops = rows.filter((cells) => !/closed/i.test(cells[1] ?? '')).map((cells) => cells[0]);
    const box = demoBoxes().find((entry) => entry.customer === 'Demo Retail' && openShops.includes(entry.shopNumber));
    expect(box, 'a demo box of an open shop').toBeTruthy();
    if (!box) return;
    await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));

    const crossings = 4;
    const camera = box.cameras[0]?.cameraId ?? '';
    const posted = Date.now();
    const answer = await postEvents(box, [{ type: 'line', cameraId: camera, direction: 'in', at: new Date().toISOString(), count: crossings }]);
    expect(answer.status, answer.msg).toBe(200);
    // Not the 30-second poll (the stream is open, so the page polls every 5 minutes): the event.
    await expect.poll(async () => figure(await page.getByTestId('dashboard-entries').innerText()), { timeout: 25_000, interval: 200 }).toBe(before + crossings);
    const seconds = (Date.now() - posted) / 1000;
    console.info(`dashboard figure rose ${seconds.toFixed(1)} s after the box's post`);
    expect(await notReloaded(page), 'the page was not reloaded').toBe(true);
    await shot(page, 'realtime-dashboard-en');
    await context.close();
  }, 180_000);

  it("a message the server posts (an occupancy alarm from a box's tracks) raises the bell's count without a reload", async () => {
    const { context, page } = await signedIn();
    await page.goto('/trend');
    await streamOpen(page);
    await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));
    const before = Number(await page.getByTestId('notice-bell').getAttribute('data-count'));

    // A store of the demo crowded above its threshold: the occupancy check (a job every minute) posts the alarm.
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password, 'Demo Retail');
    const box = demoBoxes()
      .filter((entry) => entry.customer === 'Demo Retail')
      .at(-1);
    expect(box).toBeTruthy();
    if (!box) return;
    const threshold = await api.post('/floorplan/occupancy/threshold', { shopId: box.shopId, threshold: 1 });
    expect(threshold.status, threshold.msg).toBe(200);
    const tracks = standingPeople(box, 3, 'e2e-crowd');
    const posted = await postEvents(box, tracks);
    expect(posted.status, posted.msg).toBe(200);

    await expect
      .poll(async () => Number(await page.getByTestId('notice-bell').getAttribute('data-count')), { timeout: 150_000, interval: 500 })
      .toBeGreaterThan(before);
    expect(await notReloaded(page), 'the page was not reloaded').toBe(true);
    await page.getByTestId('notice-bell').click();
    await expect.poll(() => page.getByTestId('notice-latest-1').innerText(), { timeout: 10_000 }).toContain('Occupancy above threshold');
    await shot(page, 'realtime-bell-en');
    await api.post('/floorplan/occupancy/threshold', { shopId: box.shopId, threshold: null });
    await context.close();
  }, 240_000);
});

describe('webhooks settings', () => {
  let receiver: http.Server;
  let receiverUrl = '';
  const received: { event: string; signature: string }[] = [];
  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received.push({ event: String(request.headers['x-storelens-event']), signature: String(request.headers['x-storelens-signature']) });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/storelens`;
  });
  afterAll(async () => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('registers an endpoint (the secret shown once), tests it, and shows the delivery log', async () => {
    const { context, page } = await signedIn();
    await page.goto('/settings/settingCommon/webhooks');
    await page.getByTestId('webhooks-page').waitFor();
    // Common settings: the page is in the settings menu's common group.
    await expect.poll(() => page.getByTestId('side-menu').innerText()).toContain('Webhooks');
    await press(page, 'webhook-add');
    await textBox(page, 'webhook-form-url').fill(receiverUrl);
    await textBox(page, 'webhook-form-description').fill('Alarm desk (e2e)');
    await page.getByTestId('webhook-form-events').getByText('Device offline').click();
    await shot(page, 'webhooks-form-en');
    await press(page, 'webhook-form-save');
    const secret = page.getByTestId('webhook-secret');
    await secret.waitFor();
    expect(await secret.innerText()).toMatch(/^whsec_/);
    await shot(page, 'webhooks-secret-en');
    await press(page, 'webhook-secret-done');

    const row = page.getByTestId('webhook-table').locator('tr.ant-table-row').filter({ hasText: receiverUrl });
    await row.waitFor();
    await row.getByRole('button', { name: 'Send test' }).click();
    await messageShown(page, 'Test delivered: HTTP 204');
    expect(received.map((entry) => entry.event)).toContain('webhook.test');
    expect(received[0]?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const log = page.getByTestId('webhook-delivery-table');
    await log.locator('tr.ant-table-row').first().waitFor();
    expect(await log.locator('tr.ant-table-row').first().innerText()).toContain('Delivered');
    await log.locator('tr.ant-table-row .ant-table-row-expand-icon').first().click();
    await page.locator('[data-testid^="webhook-attempts-"]').first().waitFor();
    await shot(page, 'webhooks-log-en');
    await context.close();
  }, 120_000);

  it('shows why an address is refused, in the form, in Chinese', async () => {
    const { context, page } = await signedIn('zh');
    await page.goto('/settings/settingCommon/webhooks');
    await press(page, 'webhook-add');
    await textBox(page, 'webhook-form-url').fill('ftp://example.com/hook');
    await press(page, 'webhook-form-save');
    await expect.poll(() => page.getByTestId('webhook-form-refusal').innerText()).toContain('https://');
    await shot(page, 'webhooks-refusal-zh');
    await context.close();
  }, 120_000);
});
