import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, snapshot } from './browser.ts';

/** Signs in through the login page, as a person would. */
export async function signInThroughPage(page: Page, account: string, password: string, query = ''): Promise<void> {
  await page.goto(`/login${query}`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Waits until the application shell (antd layout with the side menu) is on screen. */
export async function waitForShell(page: Page): Promise<void> {
  await page.getByTestId('side-menu').waitFor({ state: 'visible', timeout: 30_000 });
}

/** Reads the newest outbox message for a recipient through the development outbox operation. */
export async function latestOutboxCode(recipient: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
  const envelope = (await response.json()) as { data: { body: string }[] };
  const code = envelope.data[0]?.body.match(/\d{6}/)?.[0];
  expect(code, `a code for ${recipient} in the outbox`).toBeTruthy();
  return code as string;
}

/** Text of every visible antd message/notification/modal, to read what the user was told. */
export async function visibleFeedback(page: Page): Promise<string> {
  const texts = await page.locator('.ant-message-notice, .ant-modal-confirm, .ant-notification-notice, .ant-modal').allInnerTexts();
  return texts.join('\n');
}

/**
 * The steps a long flow has passed, with seconds since its start, to name the step a failure or a
 * test timeout stopped in (a timeout alone says nothing of where). Register `report` with vitest's
 * `onTestFailed`: it prints the trail and keeps a screenshot of the page as it was.
 */
export function stepTrail(name: string) {
  const startedAt = Date.now();
  const steps: string[] = [];
  return {
    step(label: string): void {
      steps.push(`${((Date.now() - startedAt) / 1000).toFixed(1)} s ${label}`);
    },
    async report(page: Page | undefined): Promise<void> {
      console.error(`${name}, steps passed:\n  ${steps.join('\n  ')}`);
      if (page) await within(snapshot(page, `${name}-failed`), 10_000).catch(() => undefined);
    },
  };
}

/** `work`, or a refusal after `ms`: for browser calls Playwright does not bound (evaluate, close). */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
