import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignIn, shot, signedInPage } from '../support/admin.ts';
import { baseUrl, DEMO, launchBrowser } from '../support/browser.ts';

/**
 * Visitor batches and embedded data boards in Chromium (issue 17):
 * - the real-time batch list shows a batch a box posts through the device API, without a reload;
 * - a board page frames a small board served here on the loopback address, which reads the signed
 *   token from its address, checks its HS256 signature with the secret our operator set, and shows
 *   the claims (the viewer's customer, stores and language).
 */
const SECRET = 'e2e-board-secret-that-is-long-enough-0123456789';
let browser: Browser;
let board: http.Server;
let boardOrigin: string;

/** The loopback board: its page reads ?token=, verifies it with WebCrypto, and prints the claims. */
const BOARD_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loopback board</title></head><body>
<h1>Loopback board</h1><p id="signature">checking</p><pre id="claims"></pre>
<script>
const token = new URLSearchParams(location.search).get('token') || '';
const [head, body, sig] = token.split('.');
const bytes = (b64) => Uint8Array.from(atob(b64.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
document.getElementById('claims').textContent = JSON.stringify(JSON.parse(new TextDecoder().decode(bytes(body))));
crypto.subtle.importKey('raw', new TextEncoder().encode(${JSON.stringify(SECRET)}), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])
  .then((key) => crypto.subtle.verify('HMAC', key, bytes(sig), new TextEncoder().encode(head + '.' + body)))
  .then((valid) => { document.getElementById('signature').textContent = valid ? 'valid' : 'invalid'; });
</script></body></html>`;

beforeAll(async () => {
  browser = await launchBrowser();
  board = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(request.url?.startsWith('/board') ? BOARD_PAGE : 'not a board');
  });
  await new Promise<void>((resolve) => board.listen(0, '127.0.0.1', resolve));
  boardOrigin = `http://127.0.0.1:${(board.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => board?.close(resolve));
});

describe('visitor batches', () => {
  it('the real-time list shows a batch posted by a box through the device API, without a reload', async () => {
    const devices = JSON.parse(fs.readFileSync(path.join(inject('dataDir'), 'demo-devices.json'), 'utf8')) as {
      customer: string;
      shopNumber: string;
      token: string;
      cameras: { cameraId: string }[];
    }[];
    const box = devices.find((device) => device.customer === 'Demo Retail') ?? devices[0];
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto('/batch/list-inner-realtime');
    const table = page.getByTestId('live-batch-table');
    await table.locator('tr.ant-table-row').first().waitFor({ timeout: 60_000 });
    // A mark on the document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { e2eMark: string }).e2eMark = 'kept';
    });
    const batchId = `e2e-${Date.now()}`;
    const now = Date.now();
    const posted = await fetch(`${baseUrl()}/api/device/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${box?.token}` },
      body: JSON.stringify({
        batchId: `e2e-delivery-${now}`,
        events: [
          {
            type: 'visitorBatch',
            batchId,
            batchType: 'family',
            count: 4,
            enteredAt: new Date(now - 12 * 60_000).toISOString(),
            exitedAt: new Date(now - 60_000).toISOString(),
            visitorType: 'new',
            cameraId: box?.cameras[0]?.cameraId,
            receptionStartedAt: new Date(now - 11 * 60_000).toISOString(),
            receptionSeconds: 180,
          },
        ],
      }),
    });
    expect(((await posted.json()) as { data: { accepted: number } }).data.accepted).toBe(1);
    await page.getByTestId(`batch-link-${batchId}`).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { e2eMark?: string }).e2eMark)).toBe('kept');
    await shot(page, 'batches-realtime');

    // Its detail page, and the batch list with the day view.
    await page.getByTestId(`batch-link-${batchId}`).click();
    await page.getByTestId('batch-detail').waitFor();
    await expect.poll(() => page.getByTestId('batch-detail').innerText()).toContain(batchId);
    // The store's name leads to that store-day's entries (the store's day, not the viewer's), which hold this batch.
    await page.getByTestId('batch-store-day').click();
    await page.waitForURL(/\/storeEntry\/detail\?shopId=/);
    const entries = page.getByTestId('store-entry-list');
    await entries.locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await shot(page, 'batches-store-entries');
    await page.goto('/batch/list');
    await page.getByTestId('batch-list').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await shot(page, 'batches-list');
    await context.close();
  }, 240_000);
});

describe('embedded data boards', () => {
  it('a board page without an address says so and who sets it', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto('/dataBoard/shopBoard');
    await expect.poll(() => page.getByTestId('board-empty').innerText(), { timeout: 30_000 }).toContain('inner operation');
    await shot(page, 'boards-empty');
    await context.close();
  }, 120_000);

  it('a board page shows the loopback board with the user’s signed parameters', async () => {
    const operator = await apiSignIn(DEMO.operator.account, DEMO.operator.password, 'Demo Retail');
    const saved = await operator.post('/dataBoard/save', { board: 'businessTool', address: `${boardOrigin}/board`, signing: 'storelens', secret: SECRET });
    expect(saved.status, saved.msg).toBe(200);
    const admin = await apiSignIn(DEMO.admin.account, DEMO.admin.password, 'Demo Retail');

    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, 'kr');
    // The board pages' policy frames exactly the configured origins (the policy is fetched anew: at most 30 s old).
    await expect
      .poll(async () => (await fetch(`${baseUrl()}/dataBoard/businessTool`)).headers.get('content-security-policy') ?? '', { timeout: 60_000, interval: 2000 })
      .toContain(`frame-src ${boardOrigin}`);
    // Reached by an in-app link, the page loads its own document once so that policy is the one in force.
    await page.goto('/dashboard');
    await page.evaluate(() => window.history.pushState({}, '', '/dataBoard/businessTool'));
    await page.goto('/dataBoard/businessTool');
    const frame = page.frameLocator('[data-testid="board-frame"]');
    await expect.poll(() => frame.locator('#signature').innerText(), { timeout: 30_000 }).toBe('valid');
    const claims = JSON.parse(await frame.locator('#claims').innerText()) as {
      customer: string;
      stores: string[];
      language: string;
      exp: number;
      iat: number;
      aud: string;
    };
    expect(claims).toMatchObject({ customer: admin.cid, language: 'kr', aud: 'storelens-board:businessTool' });
    expect(claims.stores.length).toBeGreaterThan(3);
    expect(claims.exp - claims.iat).toBe(600);
    await shot(page, 'boards-loopback');
    await context.close();
  }, 180_000);
});
