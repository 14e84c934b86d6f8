import { translateMessage } from '@storelens/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, messageShown, press, rowWith, shot, signedInPage, textBox, uniqueSuffix } from '../support/admin.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';
import { visibleFeedback } from '../support/flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const suffix = uniqueSuffix();
const category = `E2E Category ${suffix}`;
const item = `E2E item ${suffix}`;
const plan = `E2E cyclic plan ${suffix}`;

/** The state shown in a plan's row of the list. */
const stateOf = (page: Page, name: string) => page.getByTestId(`plan-state-${name}`).innerText();

/** Ticks one store in the shop tree picker (search, then its checkbox). */
async function tickShop(page: Page, pickerTestId: string, name: string): Promise<void> {
  await textBox(page, `${pickerTestId}-search`).fill(name);
  const node = page.getByTestId(`${pickerTestId}-panel`).locator('.ant-tree-treenode').filter({ hasText: name });
  await expect.poll(() => node.count(), { timeout: 10_000 }).toBe(1);
  await node.locator('.ant-tree-checkbox').click();
}

describe('SOP and inspection plans', () => {
  it('creates a category and an item (duplicates answered with the spec’s messages), then a cyclic plan that is paused and reactivated', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    try {
      // A category, then the same name again: 'The classification already exists'.
      await page.goto('/SOPmanage/inspectionClassList');
      await page.getByTestId('category-add').click();
      await page.getByTestId('category-form-name').fill(category);
      await page.getByTestId('category-form-save').click();
      await messageShown(page, 'Category added');
      await expect.poll(() => rowWith(page, 'category-table', category).count(), { timeout: 15_000 }).toBe(1);
      await page.getByTestId('category-add').click();
      await page.getByTestId('category-form-name').fill(category.toLowerCase());
      await page.getByTestId('category-form-save').click();
      await expect.poll(() => visibleFeedback(page), { timeout: 15_000 }).toContain(translateMessage('en', 'errors.classificationExists'));
      await shot(page, 'inspection-category-duplicate-en');
      await press(page, 'error-modal-ok');

      // An item in it, then the same name again: 'Item name is duplicated'.
      await page.goto('/SOPmanage/inspectionItem/add');
      await chooseOption(page, 'item-form-category', category, category);
      await page.getByTestId('item-form-name').fill(item);
      await page.getByTestId('item-form-description').fill('Checked from the store video every morning');
      await page.getByTestId('item-form-save').click();
      await messageShown(page, 'Inspection item added');
      await page.waitForURL((url) => url.pathname === '/SOPmanage/inspectionItem');
      await expect.poll(() => rowWith(page, 'item-table', item).count(), { timeout: 15_000 }).toBe(1);
      await shot(page, 'inspection-items-en');
      await page.goto('/SOPmanage/inspectionItem/add');
      await chooseOption(page, 'item-form-category', category, category);
      await page.getByTestId('item-form-name').fill(item.toUpperCase());
      await page.getByTestId('item-form-save').click();
      await expect.poll(() => visibleFeedback(page), { timeout: 15_000 }).toContain(translateMessage('en', 'errors.itemNameDuplicated'));
      await shot(page, 'inspection-item-duplicate-en');
      await press(page, 'error-modal-ok');

      // A cyclic plan (daily by default) for one store, with the new item and the administrator as handler.
      await page.goto('/taskManagement/dailyPatrol/add');
      await page.getByTestId('plan-form-name').fill(plan);
      await page.getByTestId('plan-form-shops').click();
      await tickShop(page, 'plan-form-shops', 'Shanghai Lujiazui');
      await page.getByTestId('plan-form-shops-ok').click();
      await page.getByTestId('plan-form-items').click();
      await page.keyboard.type(item);
      const node = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-treenode').filter({ hasText: item }).first();
      await node.waitFor({ state: 'visible' });
      await node.locator('.ant-select-tree-checkbox').click();
      await page.keyboard.press('Escape');
      await chooseOption(page, 'plan-form-handlers', 'Chen Lin', 'Chen');
      await page.keyboard.press('Escape');
      await shot(page, 'inspection-plan-form-en');
      await page.getByTestId('plan-form-submit').click();
      await messageShown(page, 'The plan is saved');
      await page.waitForURL((url) => url.pathname === '/taskManagement/dailyPatrol');
      await textBox(page, 'plan-search').fill(suffix);
      await expect.poll(() => stateOf(page, plan), { timeout: 20_000 }).toBe('Pending');
      await shot(page, 'inspection-plans-en');

      // Pause (confirmed), then reactivate: the state follows, the buttons follow the transition table.
      await page.getByTestId(`plan-pause-${plan}`).click();
      await press(page, 'confirm-modal-ok');
      await messageShown(page, 'The plan is paused');
      await expect.poll(() => stateOf(page, plan), { timeout: 15_000 }).toBe('Paused');
      expect(await page.getByTestId(`plan-pause-${plan}`).count()).toBe(0);
      await page.getByTestId(`plan-reactivate-${plan}`).click();
      await messageShown(page, 'The plan is running again');
      await expect.poll(() => stateOf(page, plan), { timeout: 15_000 }).toBe('Pending');

      // The details: the plan's log names what happened, and its phases list today's occurrence.
      await page.getByTestId(`plan-name-${plan}`).click();
      await page.waitForURL((url) => url.pathname === '/taskManagement/dailyPatrol/phaseTask');
      await expect.poll(() => page.getByTestId('plan-log').innerText(), { timeout: 15_000 }).toContain('Reactivated');
      expect(await page.getByTestId('plan-log').innerText()).toContain('Paused');
      await expect.poll(() => page.getByTestId('phase-table').locator('tr.ant-table-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await shot(page, 'inspection-plan-details-en');
    } finally {
      await context.close();
    }
  });

  it('shows the SOP and the plans in Chinese, with the demo’s states', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, 'zh');
    try {
      await page.goto('/taskManagement/dailyPatrol');
      await expect.poll(() => stateOf(page, 'Korea cashier spot check'), { timeout: 20_000 }).toBe('已暂停');
      expect(await stateOf(page, 'Summer season preparation')).toBe('草稿');
      await shot(page, 'inspection-plans-zh');
      await page.goto('/SOPmanage/inspectionItem');
      await expect.poll(() => page.getByTestId('item-categories').innerText(), { timeout: 20_000 }).toContain('Hygiene (3)');
      await shot(page, 'inspection-items-zh');
    } finally {
      await context.close();
    }
  });
});
