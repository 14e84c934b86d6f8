import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chooseOption, messageShown, rowWith, shot, signedInPage, uniqueSuffix } from '../support/admin.ts';
import { baseUrl, DEMO, launchBrowser } from '../support/browser.ts';

/**
 * AI tasks in Chromium (issue 15 section 1): the administrator sets an AI task on a camera of
 * Shanghai Nanjing Road; it is listed, its detail shows it, and the store's box finds it in its
 * configuration on its next poll (a new ETag), then no longer once it is switched off.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface DemoDevice {
  customer: string;
  shopNumber: string;
  token: string;
}

async function boxConfig(token: string): Promise<{ etag: string; taskNames: string[] }> {
  const response = await fetch(`${baseUrl()}/api/device/v1/config`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { aiTasks: { name: string }[] } };
  return { etag: response.headers.get('etag') ?? '', taskNames: body.data.aiTasks.map((task) => task.name) };
}

describe('AI tasks', () => {
  it('an AI task set on a store’s camera reaches its box’s configuration, and leaves it when switched off', async () => {
    const devices = JSON.parse(fs.readFileSync(path.join(inject('dataDir'), 'demo-devices.json'), 'utf8')) as DemoDevice[];
    const box = devices.find((device) => device.customer === 'Demo Retail' && device.shopNumber === 'SH-001');
    expect(box).toBeTruthy();
    const before = await boxConfig(box?.token ?? '');
    const name = `E2E smoking watch ${uniqueSuffix()}`;

    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    try {
      await page.goto('/taskManagement/manageAIInspection');
      await page.getByTestId('ai-task-table').waitFor();
      await page.getByTestId('ai-task-add').click();
      await page.waitForURL((url) => url.pathname === '/taskManagement/manageAIInspection/addAiTask');
      await page.getByTestId('ai-task-name').fill(name);
      await chooseOption(page, 'ai-task-shops', 'Shanghai Nanjing Road', 'Nanjing');
      await page.keyboard.press('Escape');
      await chooseOption(page, 'ai-task-cameras', /Entrance/);
      await page.keyboard.press('Escape');
      await chooseOption(page, 'ai-task-items', 'Smoking', 'Smok');
      await page.keyboard.press('Escape');
      await shot(page, 'ai-task-form-en');
      await page.getByTestId('ai-task-save').click();
      await messageShown(page, 'Saved. The boxes pick it up on their next check.');
      await page.waitForURL((url) => url.pathname === '/taskManagement/manageAIInspection');
      const row = rowWith(page, 'ai-task-table', name);
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      await shot(page, 'ai-tasks-en');

      // The box's next poll: a new version with the task in it.
      const after = await boxConfig(box?.token ?? '');
      expect(after.etag).not.toBe(before.etag);
      expect(after.taskNames).toContain(name);

      // Its detail page.
      await row.getByRole('link', { name }).click();
      await page.getByTestId('ai-task-detail').waitFor();
      expect(await page.getByTestId('ai-task-detail').innerText()).toContain('Smoking');
      await shot(page, 'ai-task-detail-en');

      // Switched off: the box no longer runs it.
      await page.goBack();
      await rowWith(page, 'ai-task-table', name).getByRole('switch').click();
      await messageShown(page, 'Disabled');
      await expect.poll(async () => (await boxConfig(box?.token ?? '')).taskNames.includes(name), { timeout: 15_000 }).toBe(false);
    } finally {
      await context.close();
    }
  }, 180_000);
});
