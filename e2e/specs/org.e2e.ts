import path from 'node:path';
import { translateMessage } from '@storelens/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, chooseOption, messageShown, openDrawer, press, rowWith, shot, signedInPage, textBox, uniqueSuffix } from '../support/admin.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';
import { visibleFeedback } from '../support/flows.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../apps/server/test/fixtures');
const ORG_MNG = '/settings/settingCommon/orgMng';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const suffix = uniqueSuffix();
const orgName = `E2E Org ${suffix}`;
const shopNumber = `E2E-${suffix}`;
const shopName = `E2E Store ${suffix}`;

describe('organisations and stores', () => {
  it('settings open organisation management for the super manager', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-settings').click();
    await page.waitForURL((url) => url.pathname === ORG_MNG);
    await page.getByTestId('org-tree').waitFor();
    // The shops of the whole customer are listed first, with the orgs columns.
    await expect.poll(() => rowWith(page, 'shop-table', 'SH-001').count(), { timeout: 15_000 }).toBe(1);
    const row = await rowWith(page, 'shop-table', 'SH-001').innerText();
    expect(row).toContain('Shanghai');
    expect(row).toContain('Greater China');
    expect(row).toContain('--');
    await shot(page, 'org-mng-en');
    await context.close();
  });

  it('adds an organisation and a store in it, checking the form on blur', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(ORG_MNG);
    await page.getByTestId('org-tree-node-o_DR-CN').click();
    await page.getByTestId('org-add').click();
    await page.getByTestId('org-name-input').fill(orgName);
    await press(page, 'org-name-submit');
    await messageShown(page, 'Organisation added');
    const newNode = page.getByTestId('org-tree').getByText(orgName, { exact: true });
    await newNode.waitFor();
    await newNode.click();

    await page.getByTestId('shop-add').click();
    const drawer = openDrawer(page);
    await drawer.getByTestId('shop-form').waitFor();
    // Required fields say so on blur.
    await drawer.getByTestId('shop-form-number').focus();
    await drawer.getByTestId('shop-form-name').focus();
    await expect.poll(() => drawer.innerText()).toContain(translateMessage('en', 'validation.required'));
    // Visit interval: above 0 and at most 90 (spec section 5).
    const interval = drawer.getByTestId('shop-form-visit-interval');
    await interval.fill('0');
    await interval.blur();
    await expect.poll(() => drawer.innerText()).toContain('must > 0');
    await interval.fill('91');
    await interval.blur();
    await expect.poll(() => drawer.innerText()).toContain('must <= 90');
    await interval.fill('45');
    await interval.blur();
    // The playback range may not be shorter than business hours (10:00-22:00 by default).
    const playback = drawer.getByTestId('shop-form-playback-hours');
    // Typed as a person would: the start, Enter (the end field takes the focus), the end, Enter.
    const typeRange = async (start: string, end: string) => {
      await playback.nth(0).click();
      for (const time of [start, end]) {
        await page.keyboard.press('Control+A');
        await page.keyboard.type(time);
        await page.keyboard.press('Enter');
        await page.waitForTimeout(200);
      }
    };
    await typeRange('12:00', '20:00');
    await expect.poll(() => drawer.innerText()).toContain(translateMessage('en', 'validation.playbackShorterThanBusiness'));
    await typeRange('09:00', '23:00');
    await expect.poll(() => playback.nth(1).inputValue()).toBe('23:00');
    await expect.poll(() => drawer.innerText()).not.toContain(translateMessage('en', 'validation.playbackShorterThanBusiness'));

    await drawer.getByTestId('shop-form-number').fill(shopNumber);
    await drawer.getByTestId('shop-form-name').fill(shopName);
    await chooseOption(page, 'shop-form-type', 'Franchise');
    await drawer.getByTestId('shop-form-address').fill('1 Test Road');
    await drawer.getByTestId('shop-form-latitude').fill('31.2');
    await drawer.getByTestId('shop-form-longitude').fill('121.5');
    await drawer.getByTestId('shop-form-floor-area').fill('150');
    await drawer.getByTestId('shop-form-staff').fill('6');
    await shot(page, 'shop-form-en');
    await press(page, 'shop-form-submit');
    await messageShown(page, 'Store added');
    await expect.poll(() => rowWith(page, 'shop-table', shopNumber).count(), { timeout: 15_000 }).toBe(1);
    const row = await rowWith(page, 'shop-table', shopNumber).innerText();
    expect(row).toContain(orgName);
    expect(row).toContain('Greater China');
    expect(row).toContain('Franchise');
    await context.close();
  });

  it('closing a store asks to confirm the warning, switches its features off, and it cannot reopen', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(ORG_MNG);
    await page.getByTestId('shop-table').locator('tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    await textBox(page, 'shop-search').fill(shopNumber);
    await expect.poll(() => rowWith(page, 'shop-table', shopNumber).count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId(`shop-edit-${shopNumber}`).click();
    const drawer = openDrawer(page);
    await chooseOption(page, 'shop-form-status', 'Closed');
    await expect.poll(() => drawer.innerText()).toContain('foot-traffic analytics');
    await press(page, 'shop-form-submit');

    const warning = page.getByTestId('confirm-modal-body');
    await warning.getByTestId('shop-close-warning').waitFor();
    const text = await warning.innerText();
    for (const feature of ['foot-traffic analytics', 'security monitoring', 'routine inspections', 'live video']) expect(text).toContain(feature);
    await shot(page, 'shop-close-warning-en');
    await press(page, 'confirm-modal-ok');
    await messageShown(page, 'Store saved');
    await expect.poll(() => rowWith(page, 'shop-table', shopNumber).getByTestId('shop-status-closed').count(), { timeout: 15_000 }).toBe(1);

    // The four features are off on the server.
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const list = await api.post<{ list: { number: string; features: Record<string, boolean>; isClosed: boolean }[] }>('/stShop/getList', {
      keyword: shopNumber,
    });
    expect(list.data.list[0]?.isClosed).toBe(true);
    expect(list.data.list[0]?.features).toEqual({ analytics: false, monitoring: false, inspections: false, liveVideo: false });

    // No way back: the status offers nothing else.
    await page.getByTestId(`shop-edit-${shopNumber}`).click();
    const again = openDrawer(page);
    await again.getByTestId('shop-form').waitFor();
    await expect.poll(() => again.innerText()).toContain('cannot be reopened');
    const disabledStatus = again.locator('.ant-select-disabled[data-testid="shop-form-status"], .ant-select-disabled:has([data-testid="shop-form-status"])');
    expect(await disabledStatus.count()).toBeGreaterThan(0);
    await shot(page, 'shop-closed-form-en');
    await page.keyboard.press('Escape');

    // The change log lists the status change.
    await page.getByTestId(`shop-log-${shopNumber}`).click();
    await page.getByTestId('shop-log-entry').first().waitFor();
    const log = await page.getByTestId('shop-log').innerText();
    expect(log).toContain('Status changed');
    expect(log).toContain('Added');
    await shot(page, 'shop-log-en');
    await context.close();
  });

  it('hides closed stores on request and searches after typing stops', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(ORG_MNG);
    await page.getByTestId('shop-table').locator('tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    await textBox(page, 'shop-search').fill(shopNumber);
    await expect.poll(() => rowWith(page, 'shop-table', shopNumber).count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId('shop-hide-closed').click();
    await expect.poll(() => rowWith(page, 'shop-table', shopNumber).count(), { timeout: 15_000 }).toBe(0);
    await context.close();
  });

  it('refuses to delete an organisation that still has stores, with the server message', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(ORG_MNG);
    await textBox(page, 'org-tree-search').fill(orgName);
    const node = page.getByTestId('org-tree').getByText(orgName, { exact: true });
    await node.waitFor();
    await node.click();
    await page.getByTestId('org-delete').click();
    await press(page, 'confirm-modal-ok');
    await expect.poll(() => visibleFeedback(page)).toContain(translateMessage('en', 'errors.orgHasShops'));
    await shot(page, 'org-delete-refused-en');
    await context.close();
  });

  it('renames and deletes an empty organisation', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(ORG_MNG);
    await page.getByTestId('org-tree-node-o_DR-NA').click();
    await page.getByTestId('org-add').click();
    await page.getByTestId('org-name-input').fill(`Empty ${suffix}`);
    await press(page, 'org-name-submit');
    await messageShown(page, 'Organisation added');
    await page.getByTestId('org-tree').getByText(`Empty ${suffix}`, { exact: true }).click();
    await page.getByTestId('org-rename').click();
    await page.getByTestId('org-name-input').fill(`Renamed ${suffix}`);
    await press(page, 'org-name-submit');
    await messageShown(page, 'Organisation renamed');
    await page.getByTestId('org-tree').getByText(`Renamed ${suffix}`, { exact: true }).click();
    await page.getByTestId('org-delete').click();
    await press(page, 'confirm-modal-ok');
    await messageShown(page, 'Organisation deleted');
    await expect.poll(() => page.getByTestId('org-tree').getByText(`Renamed ${suffix}`, { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('an Excel import with bad rows lists the row-level errors and offers the error report', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(ORG_MNG);
    await page.getByTestId('shop-import-open').click();
    const modal = page.getByTestId('shop-import');
    await modal.waitFor();
    const templateDownload = page.waitForEvent('download');
    await page.getByTestId('shop-import-template').click();
    expect((await templateDownload).suggestedFilename()).toMatch(/\.xlsx$/);

    await modal.locator('input[type=file]').setInputFiles(path.join(FIXTURES, 'shops-bad-rows.xlsx'));
    await press(page, 'shop-import-submit');
    const errors = page.getByTestId('shop-import-error-table');
    await errors.waitFor({ timeout: 20_000 });
    const message = await page.getByTestId('shop-import-error-message').innerText();
    expect(message).toContain('Nothing was imported');
    const table = await errors.innerText();
    // Rows are numbered as in the sheet (the header is row 1).
    expect(table).toMatch(/\b2\b/);
    expect(table).toContain(translateMessage('en', 'validation.required'));
    await shot(page, 'shop-import-errors-en');
    const report = page.waitForEvent('download');
    await page.getByTestId('shop-import-error-report').click();
    expect((await report).suggestedFilename()).toMatch(/\.xlsx$/);
    await context.close();
  });

  it('store groups: add one, deletion is refused while stores remain, then allowed', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    const groupName = `E2E Group ${suffix}`;
    await page.goto(`${ORG_MNG}?tab=groups`);
    await page.getByTestId('group-add').click();
    await page.getByTestId('group-form-name').fill(groupName);
    await chooseOption(page, 'group-form-shops', /SH-002/, 'SH-002');
    await page.keyboard.press('Escape');
    await page.getByTestId('group-form-score').fill('80');
    await press(page, 'group-form-submit');
    await messageShown(page, 'Store group saved');
    await expect.poll(() => rowWith(page, 'group-table', groupName).count(), { timeout: 15_000 }).toBe(1);
    expect(await rowWith(page, 'group-table', groupName).innerText()).toContain('Every role');
    await shot(page, 'shop-groups-en');

    await page.getByTestId(`group-delete-${groupName}`).click();
    await press(page, 'confirm-modal-ok');
    await expect.poll(() => visibleFeedback(page)).toContain(translateMessage('en', 'errors.shopGroupHasShops'));
    await press(page, 'error-modal-ok');
    await press(page, 'confirm-modal-cancel');

    await page.getByTestId(`group-edit-${groupName}`).click();
    await page.getByTestId('group-form-shops').locator('.ant-select-selection-item-remove').first().click();
    await press(page, 'group-form-submit');
    await messageShown(page, 'Store group saved');
    await page.getByTestId(`group-delete-${groupName}`).click();
    await press(page, 'confirm-modal-ok');
    await messageShown(page, 'Store group deleted');
    await context.close();
  });

  it('reads in Chinese', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, 'zh');
    await page.goto(ORG_MNG);
    await expect.poll(() => rowWith(page, 'shop-table', 'SH-001').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('org-management').innerText()).toContain('门店');
    await shot(page, 'org-mng-zh');
    await context.close();
  });

  it('the observer meets /403 on organisation management', async () => {
    const { context, page } = await signedInPage(browser, DEMO.observer.account, DEMO.observer.password);
    await page.goto(ORG_MNG);
    await page.waitForURL((url) => url.pathname === '/403');
    await context.close();
  });
});
