import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, newContext, snapshot } from '../support/browser.ts';
import { signInThroughPage, visibleFeedback, waitForShell } from '../support/flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('signing in and customers', () => {
  it('a user with one customer lands in the shell and is told there is only one client', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughPage(page, DEMO.admin.account, DEMO.admin.password);
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('current-customer').innerText()).toContain('Demo Retail');
    await snapshot(page, 'shell-admin-en');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-switch-customer').click();
    await expect.poll(() => visibleFeedback(page)).toContain('You only have 1 client at the moment');
    await context.close();
  });

  it('a user with two customers picks one, then switches to the other', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughPage(page, DEMO.operator.account, DEMO.operator.password);
    await page.getByTestId('customer-picker').waitFor();
    await snapshot(page, 'customer-picker');
    const options = page.locator('[data-testid^="customer-option-"]');
    await expect.poll(() => options.count()).toBe(2);
    await page.locator('[data-testid^="customer-option-"]', { hasText: 'Demo Retail' }).click();
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('current-customer').innerText()).toContain('Demo Retail');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-switch-customer').click();
    await page.getByTestId('customer-switch-list').waitFor();
    await page.locator('[data-testid^="customer-switch-option-"]', { hasText: 'Northwind Stores' }).click();
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('current-customer').innerText(), { timeout: 15_000 }).toContain('Northwind Stores');
    await snapshot(page, 'shell-operator-northwind');
    await context.close();
  });

  it('refuses a wrong password with the server message and stays on the login page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughPage(page, DEMO.manager.account, 'Wrong#pass2026');
    await expect.poll(() => visibleFeedback(page)).toContain('Incorrect account or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('an expired session says Login again please and returns to /login', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughPage(page, DEMO.manager.account, DEMO.manager.password);
    await waitForShell(page);
    // End the session on the server behind the page's back, as an expiry or an admin would.
    const token = await page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i += 1) {
        const value = localStorage.getItem(localStorage.key(i) ?? '') ?? '';
        const match = value.match(/"token":"([^"]+)"/);
        if (match) return match[1];
      }
      return null;
    });
    expect(token).toBeTruthy();
    await page.evaluate(async (value) => {
      await fetch('/api/auth/logout', { headers: { authorization: `Bearer ${value}` } });
    }, token);
    await page.goto('/personalCenter/personalInfo');
    await expect.poll(() => visibleFeedback(page)).toContain('Login again please');
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await context.close();
  });
});
