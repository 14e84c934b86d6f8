import fs from 'node:fs';
import path from 'node:path';
import type { AlertRow } from '@storelens/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignIn, shot, signedInPage, uniqueSuffix } from '../support/admin.ts';
import { exportedRows } from '../support/analytics.ts';
import { baseUrl, DEMO, launchBrowser } from '../support/browser.ts';

/**
 * Temperature monitoring in Chromium (issue 16 section 1): a fridge of a demo store reads warm
 * through the device API (the box's own token) for longer than its delay; the alert appears on
 * /temperature and in the bell, takes its corrective action, and closes when a normal reading follows.
 * The sensor is this test's own, so the demo's live feed never sends it a reading.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const MINUTE = 60_000;
const name = `E2E fridge ${uniqueSuffix()}`;

describe('temperature monitoring', () => {
  it("raises a warm fridge's breach on the page and in the bell, takes its action and closes it", async () => {
    const devices = JSON.parse(fs.readFileSync(path.join(inject('dataDir'), 'demo-devices.json'), 'utf8')) as {
      customer: string;
      shopId: string;
      shopNumber: string;
      token: string;
    }[];
    const box = devices.filter((device) => device.customer === 'Demo Retail').sort((a, b) => a.shopNumber.localeCompare(b.shopNumber))[0];
    expect(box).toBeTruthy();
    const admin = await apiSignIn(DEMO.admin.account, DEMO.admin.password, 'Demo Retail');
    const boxes = await admin.post<{ boxId: string }[]>('/temperature/boxes', { shopIds: [box?.shopId] });
    expect(boxes.status, boxes.msg).toBe(200);
    const saved = await admin.post<{ sensorId: string }>('/temperature/sensorSave', {
      boxId: boxes.data[0]?.boxId,
      name,
      kind: 'fridge',
      limits: { low: 0, high: 5 },
      delayMinutes: 5,
      enabled: true,
    });
    expect(saved.status, saved.msg).toBe(200);
    const { sensorId } = saved.data;

    // A viewer eleven hours behind UTC, twenty behind the Seoul-zone store: for most of the day the
    // browser's today is the store's yesterday, and the export's default range must still end on the
    // store's today (it reads the store's local days), or the readings just sent are left out.
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, 'en', 'Pacific/Pago_Pago');
    await page.goto('/temperature');
    await page.getByTestId('temperature-page').waitFor({ timeout: 30_000 });
    await page.getByTestId(`sensor-state-${sensorId}`).waitFor({ timeout: 15_000 });
    // The bell's new message comes over the open stream (as in the alarms and realtime specs): a box
    // posting before the page's stream opened reaches the page's data, not its "just arrived" list.
    await expect.poll(() => page.getByTestId('notice-bell').getAttribute('data-realtime'), { timeout: 30_000 }).toBe('open');

    // Warm for 11 minutes: the last reading lies past the 5-minute delay after the first one.
    const start = Math.floor(Date.now() / MINUTE) * MINUTE - 12 * MINUTE;
    const send = async (events: { at: number; celsius: number }[], batch: string) => {
      const response = await fetch(`${baseUrl()}/api/device/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${box?.token}` },
        body: JSON.stringify({
          batchId: `e2e-${batch}-${sensorId}`,
          events: events.map((event) => ({ type: 'temperature', sensorId, at: new Date(event.at).toISOString(), celsius: event.celsius })),
        }),
      });
      expect(response.status).toBe(200);
    };
    await send(
      [
        { at: start, celsius: 9 },
        { at: start + 5 * MINUTE, celsius: 9.5 },
        { at: start + 11 * MINUTE, celsius: 10.2 },
      ],
      'warm',
    );

    // On the page (real time, no reload) and in the bell.
    await expect.poll(() => page.getByTestId(`sensor-state-${sensorId}`).innerText(), { timeout: 20_000 }).toBe('Alert');
    await expect.poll(() => page.getByTestId('temperature-alerts').innerText(), { timeout: 20_000 }).toContain(name);
    await page.getByTestId('notice-bell').click();
    await expect.poll(() => page.getByTestId('notice-panel').innerText(), { timeout: 20_000 }).toContain(`Temperature too high: ${name}`);
    await page.getByTestId('notice-bell').click();
    await shot(page, 'temperature-alert');

    // The corrective action.
    const alerts = await admin.post<{ list: AlertRow[] }>('/temperature/alertPage', { sensorId, page: 1, pageSize: 10 });
    const alertId = alerts.data.list[0]?.alertId ?? '';
    expect(alerts.data.list[0]?.endedAt).toBeNull();
    await page.getByTestId(`alert-act-${alertId}`).click();
    await page.getByTestId('temperature-action-text').fill('Door seal replaced, goods moved to the back-up fridge');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId(`alert-action-${alertId}`).innerText(), { timeout: 15_000 }).toContain('Door seal replaced');

    // A normal reading closes it.
    await send([{ at: start + 12 * MINUTE, celsius: 3.4 }], 'normal');
    await expect.poll(() => page.getByTestId(`sensor-state-${sensorId}`).innerText(), { timeout: 20_000 }).toBe('Normal');
    const closed = await admin.post<{ list: AlertRow[] }>('/temperature/alertPage', { sensorId, page: 1, pageSize: 10 });
    expect(closed.data.list[0]).toMatchObject({ alertId, peak: 10.2, durationSeconds: 12 * 60 });
    expect(closed.data.list[0]?.endedAt).not.toBeNull();

    // The inspector's file (the last 7 days, every store): the fridge's four readings, each judged against its limits.
    const exported = await exportedRows(page, 'temperature-export');
    expect(exported.rows[0]).toEqual(expect.arrayContaining(['Detail', 'Min (°C)', 'Max (°C)', 'Within limits']));
    const mine = exported.rows.filter((row) => row[1] === name);
    expect(mine.map((row) => [row[4], row[5], row[12]])).toEqual([
      ['Reading', 9, 'No'],
      ['Reading', 9.5, 'No'],
      ['Reading', 10.2, 'No'],
      ['Reading', 3.4, 'Yes'],
    ]);
    await context.close();
  });
});
