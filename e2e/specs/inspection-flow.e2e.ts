import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, chooseOption, messageShown, press, rowWith, shot, signedInPage, textBox, uniqueSuffix } from '../support/admin.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';

/**
 * The whole inspection loop in Chromium (issue 14, "tests that must exist"): the administrator
 * creates a cyclic plan for Shanghai Nanjing Road, does today's remote inspection beside the store's
 * recorded video, takes a screenshot from it for a failed item and submits; the failure becomes a
 * rectification in the store manager's to-do, who answers it; the administrator rejects it once,
 * the store manager answers again, and the administrator approves it.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const suffix = uniqueSuffix();
const STORE = 'Shanghai Nanjing Road';
const failing = `E2E shelf labels ${suffix}`;
const passing = 'Floor clean and dry';
const plan = `E2E loop plan ${suffix}`;

/** Ticks one store in the shop tree picker (search, then its checkbox). */
async function tickShop(page: Page, pickerTestId: string, name: string): Promise<void> {
  await textBox(page, `${pickerTestId}-search`).fill(name);
  const node = page.getByTestId(`${pickerTestId}-panel`).locator('.ant-tree-treenode').filter({ hasText: name });
  await expect.poll(() => node.count(), { timeout: 10_000 }).toBe(1);
  await node.locator('.ant-tree-checkbox').click();
}

/** Ticks an item in the plan form's item tree. */
async function tickItem(page: Page, name: string): Promise<void> {
  await page.getByTestId('plan-form-items').click();
  await page.keyboard.type(name);
  const node = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-treenode').filter({ hasText: name }).first();
  await node.waitFor({ state: 'visible' });
  await node.locator('.ant-select-tree-checkbox').click();
  await page.keyboard.press('Escape');
}

/** The checklist card's index of an item (the order is the plan's). */
async function cardIndex(page: Page, name: string): Promise<number> {
  const card = page.locator('[data-testid^="todo-item-"]').filter({ hasText: name }).first();
  await card.waitFor();
  return Number((await card.getAttribute('data-testid'))?.replace('todo-item-', ''));
}

const rectificationState = (page: Page) => page.getByTestId('rectification-detail').getAttribute('data-state');

describe('inspection loop', () => {
  it('a cyclic plan’s remote inspection with a screenshot and a failed item ends in a rectification answered, rejected once and approved', async () => {
    // A fresh SOP item, so the rectification it raises is this run's alone among the demo's.
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const category = await api.post<{ categoryId: string }>('/inspection/siClass/add', { name: `E2E Loop ${suffix}` });
    expect(category.status, category.msg).toBe(200);
    const added = await api.post<{ itemId: string }>('/inspection/siItem/add', {
      categoryId: category.data.categoryId,
      name: failing,
      description: 'Every shelf label matches the product above it',
    });
    expect(added.status, added.msg).toBe(200);

    const admin = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    const store = await signedInPage(browser, DEMO.store.account, DEMO.store.password);
    try {
      // The plan: daily, this week, the store, two items, the administrator inspects.
      const page = admin.page;
      await page.goto('/taskManagement/dailyPatrol/add');
      await page.getByTestId('plan-form-name').fill(plan);
      await page.getByTestId('plan-form-shops').click();
      await tickShop(page, 'plan-form-shops', STORE);
      await page.getByTestId('plan-form-shops-ok').click();
      await tickItem(page, failing);
      await tickItem(page, passing);
      await chooseOption(page, 'plan-form-handlers', 'Chen Lin', 'Chen');
      await page.keyboard.press('Escape');
      await page.getByTestId('plan-form-submit').click();
      await messageShown(page, 'The plan is saved').catch(async (error: Error) => {
        const errors = await page.locator('.ant-form-item-explain-error').allInnerTexts();
        throw new Error(`${error.message}; the form says: ${errors.join(' | ') || 'nothing'}`);
      });
      await page.waitForURL((url) => url.pathname === '/taskManagement/dailyPatrol');

      // Today's occurrence waits in the administrator's to-do (the scheduler makes it as the plan is saved).
      const todoRow = rowWith(page, 'inspection-todo-table', plan);
      await expect
        .poll(
          async () => {
            await page.goto('/myTodo/taskTodo');
            await textBox(page, 'inspection-todo-search').fill(plan);
            await todoRow
              .first()
              .waitFor({ timeout: 5_000 })
              .catch(() => undefined);
            return todoRow.count();
          },
          { timeout: 60_000 },
        )
        .toBe(1);
      await todoRow.locator('[data-testid^="todo-open-"]').click();
      await page.waitForURL((url) => url.pathname === '/myTodo/taskTodo/afterDeal/dispose');
      await page.getByTestId('inspection-dispose-checklist').waitFor();

      // The store's recorded video plays beside the checklist.
      await expect.poll(() => page.getByTestId('inspection-dispose-video').locator('video').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect
        .poll(
          () =>
            page
              .getByTestId('inspection-dispose-video')
              .locator('video')
              .evaluate((video: HTMLVideoElement) => video.readyState),
          { timeout: 60_000 },
        )
        .toBeGreaterThanOrEqual(2);
      await shot(page, 'inspection-loop-dispose-en');
      // The time picker reads the store's clock, as the "Showing" line does (the browser here keeps UTC, the store Shanghai's +8).
      const wallClock = (text: string) => Date.parse(`${/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.exec(text)?.[0].replace(' ', 'T') ?? ''}:00Z`);
      const picked = wallClock(
        await page.locator('input[data-testid="inspection-dispose-time"], [data-testid="inspection-dispose-time"] input').first().inputValue(),
      );
      const showing = wallClock(await page.getByTestId('inspection-dispose-clock').innerText());
      expect(Math.abs(picked - showing)).toBeLessThan(10 * 60_000);

      // The failed item: result, then submitting without a remark or screenshot is stopped by the page's checks.
      const fail = await cardIndex(page, failing);
      const pass = await cardIndex(page, passing);
      await page.getByTestId(`todo-result-${pass}`).getByText('Pass', { exact: true }).click();
      await page.getByTestId(`todo-result-${fail}`).getByText('Fail', { exact: true }).click();
      await page.getByTestId('inspection-dispose-submit').click();
      await messageShown(page, 'Please fill in the remarks.');
      await page.getByTestId(`todo-remark-${fail}`).fill('Three labels on the drinks shelf show last week’s prices');
      await page.getByTestId('inspection-dispose-submit').click();
      await messageShown(page, 'Please take a screenshot first.');

      // A screenshot of the instant the player shows, taken on the server from the recording.
      await page.getByTestId(`todo-screenshot-${fail}`).click();
      await messageShown(page, 'Screenshot taken');
      const screenshot = page.getByTestId(`todo-item-${fail}`).locator('[data-kind="screenshot"]');
      await expect.poll(() => screenshot.count(), { timeout: 30_000 }).toBe(1);
      await expect.poll(() => screenshot.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
      await shot(page, 'inspection-loop-screenshot-en');
      await page.getByTestId('inspection-dispose-submit').click();
      await page.waitForURL((url) => url.pathname === '/myTodo/taskTodo');

      // The failure is a rectification in the store manager's to-do; they answer it.
      await store.page.goto('/myTodo/mendTodo');
      await expect.poll(() => rowWith(store.page, 'rectification-table-mine', failing).count(), { timeout: 30_000 }).toBe(1);
      await shot(store.page, 'inspection-loop-store-todo-en');
      const answer = async (feedback: string) => {
        await store.page.getByTestId(`rectification-answer-${failing}`).click();
        await store.page.waitForURL((url) => url.pathname === '/myTodo/mendTodo/afterDeal/dispose');
        await store.page.getByTestId('rectification-summary').waitFor();
        await store.page.getByTestId('rectification-feedback-input').fill(feedback);
        await store.page.getByTestId('rectification-submit').click();
        await messageShown(store.page, 'Your answer is sent for review');
      };
      await answer('Labels reprinted');

      // The administrator (who raised it by inspecting) rejects it once with a reason.
      await admin.page.goto('/myTodo/mendTodo?tab=created');
      await admin.page.getByTestId(`rectification-item-${failing}`).click();
      await expect.poll(() => rectificationState(admin.page), { timeout: 15_000 }).toBe('submitted');
      expect(await admin.page.getByTestId('rectification-problem').innerText()).toContain('last week’s prices');
      await admin.page.getByTestId('rectification-reject').click();
      await admin.page.getByTestId('rectification-reject-reason-input').fill('The top shelf still shows the old price');
      await press(admin.page, 'rectification-reject-ok');
      await messageShown(admin.page, 'The answer is rejected and back with the handler');

      // Answered again, then approved.
      await store.page.goto('/myTodo/mendTodo');
      await expect
        .poll(() => rowWith(store.page, 'rectification-table-mine', failing).locator('[data-state="rejected"]').count(), { timeout: 30_000 })
        .toBeGreaterThan(0);
      await answer('Top shelf relabelled too');
      await admin.page.reload();
      await expect.poll(() => rectificationState(admin.page), { timeout: 15_000 }).toBe('submitted');
      await admin.page.getByTestId('rectification-approve').click();
      await press(admin.page, 'confirm-modal-ok');
      await messageShown(admin.page, 'The answer is approved');
      await expect.poll(() => rectificationState(admin.page), { timeout: 15_000 }).toBe('approved');
      await shot(admin.page, 'inspection-loop-approved-en');
    } finally {
      await admin.context.close();
      await store.context.close();
    }
  }, 300_000);
});
