import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { translateMessage } from '@storelens/contracts';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, chooseOption, messageShown, press, rowWith, shot, signedInPage, textBox, uniqueSuffix } from '../support/admin.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';

/**
 * Rectification in Chromium (issue 14 section 4): the administrator creates one by hand for
 * Shanghai Nanjing Road with a photo; it appears in the store manager's to-do; the store manager
 * answers with feedback and a photo (a text file called photo.jpg is refused); the administrator
 * rejects it once with a reason; the store manager reads the reason and answers again; the
 * administrator approves it, and the history tells the whole story. The lists download as Excel.
 */

let browser: Browser;
let workDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rectification-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

const suffix = uniqueSuffix();
const item = `E2E window display ${suffix}`;
const STORE = 'Shanghai Nanjing Road';

/** A photo as a phone would send it. */
async function photo(name: string, hue: number): Promise<string> {
  const file = path.join(workDir, name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="hsl(${hue},55%,60%)"/><circle cx="450" cy="300" r="160" fill="white"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg().toFile(file);
  return file;
}

/** Chooses files in an image uploader and waits until the server has kept them all. */
async function upload(page: Page, testId: string, files: string[]): Promise<void> {
  const before = await page.getByTestId(testId).locator('.ant-upload-list-item-done, .ant-upload-list-item-error').count();
  await page.getByTestId(testId).locator('input[type=file]').setInputFiles(files);
  await expect
    .poll(() => page.getByTestId(testId).locator('.ant-upload-list-item-done, .ant-upload-list-item-error').count(), { timeout: 30_000 })
    .toBe(before + files.length);
}

const stateOf = (page: Page) => page.getByTestId('rectification-detail').getAttribute('data-state');

describe('rectification', () => {
  it('is created by hand, answered, rejected once with a reason, answered again and approved, with its history', async () => {
    const admin = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    const store = await signedInPage(browser, DEMO.store.account, DEMO.store.password);
    try {
      // The administrator creates it for the store: its handler is the store manager by default.
      await admin.page.goto('/taskManagement/taskMendTodo');
      await admin.page.getByTestId('rectification-table-all').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      await shot(admin.page, 'rectification-all-en');
      await admin.page.getByTestId('rectification-create').click();
      await chooseOption(admin.page, 'rectification-create-store', STORE, 'Nanjing');
      await textBox(admin.page, 'rectification-create-item').fill(item);
      await admin.page.getByTestId('rectification-create-problem').fill('Two spotlights of the left window are out');
      await expect.poll(() => admin.page.getByTestId('rectification-create-handler').innerText(), { timeout: 15_000 }).toContain('Zhang Wei');
      await chooseOption(admin.page, 'rectification-create-camera', 'Entrance');
      await upload(admin.page, 'rectification-create-images', [await photo('window.jpg', 30)]);
      await shot(admin.page, 'rectification-create-en');
      await press(admin.page, 'rectification-create-ok');
      await messageShown(admin.page, 'The rectification is created and its handler told');

      // The store manager is told in the message center, whose notice opens the item.
      await store.page.goto('/newsCenter?tab=3');
      const notice = rowWith(store.page, 'message-table', `Rectification assigned: ${item}`).locator('[data-testid^="message-open-"]');
      await notice.waitFor({ timeout: 30_000 });
      await notice.click();
      await store.page.waitForURL((url) => url.pathname === '/myTodo/mendTodo/test/detailsPatrol');
      await expect
        .poll(() => store.page.getByTestId('rectification-problem').innerText(), { timeout: 15_000 })
        .toBe('Two spotlights of the left window are out');

      // It waits in the store manager's to-do; they answer it with a photo (a text file named .jpg is refused).
      await store.page.goto('/myTodo/mendTodo');
      await expect.poll(() => rowWith(store.page, 'rectification-table-mine', item).count(), { timeout: 30_000 }).toBe(1);
      await shot(store.page, 'rectification-todo-en');
      await store.page.getByTestId(`rectification-answer-${item}`).click();
      await store.page.waitForURL((url) => url.pathname === '/myTodo/mendTodo/afterDeal/dispose');
      await store.page.getByTestId('rectification-summary').waitFor();
      const fake = path.join(workDir, 'photo.jpg');
      fs.writeFileSync(fake, 'this is a note, not a photo\n');
      await upload(store.page, 'rectification-feedback-images', [fake]);
      await expect
        .poll(() => store.page.getByTestId('rectification-feedback-images-refused').innerText(), { timeout: 15_000 })
        .toContain(translateMessage('en', 'rectification.imageInvalid'));
      await upload(store.page, 'rectification-feedback-images', [await photo('fixed.jpg', 120)]);
      await store.page.getByTestId('rectification-feedback-input').fill('Replaced both bulbs');
      await shot(store.page, 'rectification-dispose-en');
      await store.page.getByTestId('rectification-submit').click();
      await messageShown(store.page, 'Your answer is sent for review');
      await store.page.waitForURL((url) => url.pathname === '/myTodo/mendTodo');

      // The administrator finds it under 'created by me', awaiting review, and rejects it with a reason.
      await admin.page.goto('/myTodo/mendTodo?tab=created');
      await admin.page.getByTestId(`rectification-item-${item}`).click();
      await admin.page.waitForURL((url) => url.pathname === '/myTodo/mendTodo/ICreated/detailsPatrol');
      await expect.poll(() => stateOf(admin.page), { timeout: 15_000 }).toBe('submitted');
      expect(await admin.page.getByTestId('rectification-feedback').innerText()).toBe('Replaced both bulbs');
      await admin.page.getByTestId('rectification-reject').click();
      await admin.page.getByTestId('rectification-reject-reason-input').fill('The right window is still dark in the photo');
      await press(admin.page, 'rectification-reject-ok');
      await messageShown(admin.page, 'The answer is rejected and back with the handler');
      await expect.poll(() => stateOf(admin.page), { timeout: 15_000 }).toBe('rejected');

      // Back in the store manager's to-do, with the reason; answered again.
      await store.page.goto('/myTodo/mendTodo');
      await expect
        .poll(() => store.page.getByTestId('rectification-table-mine').locator(`[data-state="rejected"]`).count(), { timeout: 30_000 })
        .toBeGreaterThan(0);
      await store.page.getByTestId(`rectification-answer-${item}`).click();
      await expect
        .poll(() => store.page.getByTestId('rectification-dispose-rejected').innerText(), { timeout: 15_000 })
        .toContain('The right window is still dark in the photo');
      await upload(store.page, 'rectification-feedback-images', [await photo('fixed-again.jpg', 140)]);
      await store.page.getByTestId('rectification-feedback-input').fill('Both windows lit now, see photo');
      await shot(store.page, 'rectification-dispose-rejected-en');
      await store.page.getByTestId('rectification-submit').click();
      await messageShown(store.page, 'Your answer is sent for review');

      // The administrator approves it: changed, and the history tells every step.
      await admin.page.reload();
      await expect.poll(() => stateOf(admin.page), { timeout: 15_000 }).toBe('submitted');
      await admin.page.getByTestId('rectification-approve').click();
      await press(admin.page, 'confirm-modal-ok');
      await messageShown(admin.page, 'The answer is approved');
      await expect.poll(() => stateOf(admin.page), { timeout: 15_000 }).toBe('approved');
      const history = admin.page.getByTestId('rectification-history');
      await expect.poll(() => history.locator('[data-testid^="history-"]').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
      const steps = await history.locator('[data-testid^="history-"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
      expect(steps.filter((step) => step !== 'history-frame' && step !== 'history-frameMissing')).toEqual([
        'history-create',
        'history-submit',
        'history-reject',
        'history-submit',
        'history-approve',
      ]);
      expect(await history.innerText()).toContain('The right window is still dark in the photo');
      await admin.page.getByTestId('rectification-comparison').scrollIntoViewIfNeeded();
      await shot(admin.page, 'rectification-detail-approved-en');
      await history.scrollIntoViewIfNeeded();
      await shot(admin.page, 'rectification-history-en');

      // The store manager's approved list has it; the list downloads as a real workbook.
      await store.page.goto('/myTodo/mendTodo');
      await chooseOption(store.page, 'rectification-states-mine', 'Approved');
      await store.page.keyboard.press('Escape');
      await expect.poll(() => rowWith(store.page, 'rectification-table-mine', item).count(), { timeout: 15_000 }).toBe(1);
      const started = store.page.waitForEvent('download');
      await store.page.getByTestId('rectification-download-mine').click();
      const file = path.join(workDir, 'mine.xlsx');
      await (await started).saveAs(file);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const rows: string[][] = [];
      workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
      expect(rows[0]?.slice(0, 4)).toEqual(['Source', 'Store', 'Store number', 'Item']);
      expect(rows.find((row) => row[3] === item)?.slice(10, 12)).toEqual(['Approved', 'Changed']);
    } finally {
      await admin.context.close();
      await store.context.close();
    }
    // Two people's sessions through six steps: like the other whole flows, more than a page check's minute.
  }, 240_000);

  it('shows the demo’s before and after frames of the same camera, and the lists in Chinese', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, 'zh');
    try {
      // The demo's manual item (its inspection history raised others of the same name): found as the list finds it.
      const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
      const found = await api.post<{ list: { rectificationId: string; itemName: string }[] }>('/rectification/listAll', {
        page: 1,
        pageSize: 10,
        source: 'manual',
        keyword: 'Window display lit',
      });
      const manual = found.data.list.find((row) => row.itemName === 'Window display lit');
      expect(manual, found.msg).toBeTruthy();
      await page.goto('/taskManagement/taskMendTodo');
      await page.getByTestId('rectification-table-all').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      await page.goto(`/taskManagement/taskMendTodo/detailsPatrol?rectificationId=${manual?.rectificationId}`);
      await page.getByTestId('rectification-comparison').waitFor();
      // The frame at the deadline comes from the demo's recording once the worker's first scan has run.
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByTestId('rectification-after').waitFor({ timeout: 30_000 });
            return page.getByTestId('rectification-after').getAttribute('data-status');
          },
          { timeout: 90_000, interval: 3000 },
        )
        .toBe('captured');
      // Both pictures are fetched with the session, then drawn.
      await page.getByTestId('rectification-before').locator('img').waitFor({ timeout: 30_000 });
      await page.getByTestId('rectification-after').locator('img').waitFor({ timeout: 30_000 });
      await shot(page, 'rectification-before-after-zh');
      await page.goto('/myTodo/mendTodo');
      await page.getByTestId('rectification-table-mine').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      await shot(page, 'rectification-mine-zh');
    } finally {
      await context.close();
    }
  });
});
