import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_LOCALE, type Lang, press, shot, signedInPage } from '../support/admin.ts';
import { DEMO, launchBrowser, newContext } from '../support/browser.ts';
import { signInThroughPage, waitForShell } from '../support/flows.ts';

/** Issue 11 section 4, the finish of the built pages: customer switch on the dashboard, side menu, confirmations, role editor. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Shop numbers in the dashboard's per-store table. */
async function dashboardShopNumbers(page: Page): Promise<string[]> {
  const rows = page.getByTestId('dashboard-shop-table').locator('tr.ant-table-row');
  await rows.first().waitFor({ timeout: 20_000 });
  return rows.evaluateAll((list) => list.map((row) => (row.querySelector('td')?.textContent ?? '').trim()));
}

describe('switching customer on /dashboard', () => {
  it("shows the new customer's store at once, without navigating away", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughPage(page, DEMO.operator.account, DEMO.operator.password);
    await page.getByTestId('customer-picker').waitFor();
    await page.locator('[data-testid^="customer-option-"]', { hasText: 'Demo Retail' }).click();
    await waitForShell(page);
    await page.goto('/dashboard');
    const before = await dashboardShopNumbers(page);
    expect(before.length).toBeGreaterThan(0);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-switch-customer').click();
    await page.getByTestId('customer-switch-list').waitFor();
    await page.locator('[data-testid^="customer-switch-option-"]', { hasText: 'Northwind Stores' }).click();
    await expect.poll(() => page.getByTestId('current-customer').innerText(), { timeout: 15_000 }).toContain('Northwind Stores');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    // A store of the new customer is selected and its figures are listed; "No store selected" does not stay.
    await expect
      .poll(
        async () => {
          const numbers = await dashboardShopNumbers(page).catch(() => []);
          return numbers.length > 0 && numbers.every((number) => !before.includes(number));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(await page.getByTestId('select-shops-first').count()).toBe(0);
    await shot(page, 'dashboard-after-customer-switch');
    await context.close();
  });
});

/** Side-menu labels (entries and group titles) whose text is wider than its box, or that leave the menu. */
async function cutMenuLabels(page: Page): Promise<string[]> {
  return page.locator('.sl-sider').evaluate((menu) => {
    const edge = menu.getBoundingClientRect().right;
    const cut: string[] = [];
    for (const label of menu.querySelectorAll<HTMLElement>('.ant-menu-title-content, .sl-menu-group-label')) {
      const text = label.innerText.trim();
      if (label.scrollWidth > label.clientWidth + 1 || label.getBoundingClientRect().right > edge + 1) cut.push(text);
      // A group's title must end before its open/close arrow.
      const arrow = label.parentElement?.querySelector('.ant-menu-submenu-arrow');
      if (arrow && label.getBoundingClientRect().right > arrow.getBoundingClientRect().left + 1) cut.push(`${text} (under the arrow)`);
    }
    return cut;
  });
}

describe('side menu', () => {
  for (const lang of Object.keys(BROWSER_LOCALE) as Lang[]) {
    it(`shows every label whole at 200 px, with an icon for every entry and group (${lang})`, async () => {
      const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, lang);
      for (const path of ['/area/entranceAnalysis', '/settings/settingCommon/orgMng']) {
        await page.goto(path);
        await page.locator('.ant-menu-title-content').first().waitFor();
        // The shell lays out after the page's guard and chunk: wait for the menu's width.
        await expect.poll(() => page.locator('.sl-sider').evaluate((menu) => Math.round(menu.getBoundingClientRect().width))).toBe(200);
        await expect.poll(() => cutMenuLabels(page), { message: `${lang} ${path}`, timeout: 5_000 }).toEqual([]);
        // Every entry and group title carries a real icon (no first letter of its label).
        const withoutIcon = await page
          .locator('.sl-sider')
          .evaluate((menu) =>
            [...menu.querySelectorAll<HTMLElement>('.ant-menu-item, .ant-menu-submenu-title')]
              .filter((item) => !item.querySelector('.anticon'))
              .map((item) => item.innerText.trim()),
          );
        expect(withoutIcon, `${lang} ${path}`).toEqual([]);
      }
      if (lang === 'kr' || lang === 'en') await shot(page, `side-menu-${lang}`);
      await context.close();
    });
  }

  it('remembers the collapse across a reload, and shows icons for the groups when collapsed', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto('/settings/settingCommon/orgMng');
    await expect.poll(() => page.getByTestId('side-menu').getAttribute('data-collapsed')).toBe('false');
    await page.getByTestId('side-menu-toggle').click();
    await expect.poll(() => page.getByTestId('side-menu').getAttribute('data-collapsed')).toBe('true');
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('side-menu').getAttribute('data-collapsed')).toBe('true');
    const groupIcons = await page.getByTestId('side-menu').locator('.ant-menu-submenu-title .anticon').count();
    expect(groupIcons).toBeGreaterThan(0);
    expect(await page.getByTestId('side-menu').locator('.ant-menu-submenu-title:not(:has(.anticon))').count()).toBe(0);
    await shot(page, 'side-menu-collapsed');
    // Open again for the next person at this desk (and the other specs' screenshots).
    await page.getByTestId('side-menu-toggle').click();
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('side-menu').getAttribute('data-collapsed')).toBe('false');
    await context.close();
  });
});

describe('confirmations and public pages', () => {
  it('asks to confirm deleting an organisation with a danger OK', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto('/settings/settingCommon/orgMng');
    await page.getByTestId('org-tree-node-o_DR-NA').click();
    await page.getByTestId('org-delete').click();
    await page.getByTestId('confirm-modal-ok').waitFor();
    expect(await page.getByTestId('confirm-modal-ok').getAttribute('class')).toContain('ant-btn-dangerous');
    await shot(page, 'org-delete-confirm-danger');
    await press(page, 'confirm-modal-cancel');
    await context.close();
  });

  it("keeps /addressOut's button inside its card in all four languages", async () => {
    for (const lang of Object.keys(BROWSER_LOCALE) as Lang[]) {
      const context = await newContext(browser, BROWSER_LOCALE[lang]);
      const page = await context.newPage();
      await page.goto(`/addressOut?lang=${lang}`);
      const button = page.getByTestId('address-out-login');
      await button.waitFor();
      const [buttonBox, cardBox] = await Promise.all([button.boundingBox(), page.getByTestId('address-out-page').locator('.sl-card').first().boundingBox()]);
      expect(buttonBox && cardBox, lang).toBeTruthy();
      if (buttonBox && cardBox) expect(buttonBox.x + buttonBox.width, lang).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      await context.close();
    }
  });
});

describe('role editor', () => {
  it('names the features, says what each value means, and keeps the internal keys from non-operators', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto('/settings/settingCommon/roleMng');
    await page.getByTestId('role-open-2061').click();
    const editor = page.getByTestId('role-editor');
    await editor.waitFor();
    const text = await editor.innerText();
    expect(text).toContain('Traffic tab');
    expect(text).toContain('Device status');
    expect(text).not.toContain('cueretail_traffic_nav');
    expect(text).not.toMatch(/\d = (Shown|Disabled|Hidden)/);
    expect(await page.getByTestId('role-value-legend-0').innerText()).toContain('Shown');
    await page.getByTestId('role-key-label-cueretail_traffic_nav').hover();
    await page.waitForTimeout(600);
    expect(await page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').filter({ hasText: 'cueretail_traffic_nav' }).count()).toBe(0);
    await shot(page, 'role-editor-en');
    await context.close();
  });

  it('shows an operator the internal key on hover', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughPage(page, DEMO.operator.account, DEMO.operator.password);
    await page.getByTestId('customer-picker').waitFor();
    await page.locator('[data-testid^="customer-option-"]', { hasText: 'Demo Retail' }).click();
    await waitForShell(page);
    await page.goto('/settings/settingCommon/roleMng');
    await page.getByTestId('role-open-2061').click();
    await page.getByTestId('role-editor').waitFor();
    await page.getByTestId('role-key-label-cueretail_traffic_nav').hover();
    await expect.poll(() => page.locator('.ant-tooltip').filter({ hasText: 'cueretail_traffic_nav' }).count()).toBeGreaterThan(0);
    await context.close();
  });
});
