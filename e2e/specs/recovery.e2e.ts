import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, snapshot } from '../support/browser.ts';
import { latestOutboxCode, signInThroughPage, visibleFeedback, waitForShell } from '../support/flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('password recovery', () => {
  it('unknown phone numbers are refused with the spec message', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-forgot-password').click();
    await page.getByTestId('forgot-account').fill('13999999999');
    await page.getByTestId('forgot-submit').click();
    await expect.poll(async () => `${await visibleFeedback(page)}\n${await page.locator('body').innerText()}`).toContain('Phone number does not exist');
    await context.close();
  });

  it('recovers a password by mobile with the code from the outbox, then signs in with it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const mobile = '13800000009'; // assistant@storelens.demo
    await page.goto('/login');
    await page.getByTestId('login-forgot-password').click();
    await page.getByTestId('forgot-account').fill(mobile);
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('verification-code-page').waitFor();
    await snapshot(page, 'recovery-code');
    const code = await latestOutboxCode(mobile);
    await page.getByTestId('verify-code').fill(code);
    await page.getByTestId('verify-submit').click();
    await page.getByTestId('reset-password-page').waitFor();
    await page.getByTestId('reset-password').fill('Recovered#2026');
    await page.getByTestId('reset-confirm').fill('Different#2026');
    await page.getByTestId('reset-submit').click();
    await expect.poll(() => page.locator('body').innerText()).toContain('You must enter the same password twice in order to confirm it');
    await page.getByTestId('reset-confirm').fill('Recovered#2026');
    await page.getByTestId('reset-submit').click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });

    await signInThroughPage(page, 'assistant@storelens.demo', 'Recovered#2026');
    await waitForShell(page);
    await snapshot(page, 'recovered-sign-in');
    await context.close();
  });
});
