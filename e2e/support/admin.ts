import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, newContext, snapshot } from './browser.ts';
import { signInThroughPage, waitForShell } from './flows.ts';

/**
 * Helpers of the administration specs (issue 3): signing in to a page, antd controls, and a small
 * API client for checks the page does not show (the same operations the web app calls).
 */

export const BROWSER_LOCALE = { en: 'en-US', zh: 'zh-CN', kr: 'ko-KR', jp: 'ja-JP' } as const;
export type Lang = keyof typeof BROWSER_LOCALE;

/** Unique per run, so specs sharing the demo server never meet each other's data. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
}

export async function signedInPage(browser: Browser, account: string, password: string, lang: Lang = 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, BROWSER_LOCALE[lang]);
  const page = await context.newPage();
  await signInThroughPage(page, account, password, `?lang=${lang}`);
  await waitForShell(page);
  return { context, page };
}

const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

/**
 * Opens an antd Select (by its data-testid) and picks the option whose text is `text` (a string
 * matches whole). Long lists are virtual (only the visible options exist), so a searchable select
 * is given `search` to type first.
 */
export async function chooseOption(page: Page, testId: string, text: string | RegExp, search?: string): Promise<void> {
  await page.getByTestId(testId).click();
  if (search) await page.keyboard.type(search);
  const option = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: typeof text === 'string' ? exactly(text) : text })
    .first();
  await option.waitFor({ state: 'visible' });
  await option.click();
}

/** Picks a node of an antd TreeSelect dropdown by its title, typed into its search first (the tree is virtual). */
export async function chooseTreeOption(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  const node = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-node-content-wrapper').filter({ hasText: text }).first();
  await node.waitFor({ state: 'visible' });
  await node.click();
}

/** The visible drawer (antd keeps closed ones in the DOM while they animate). */
export function openDrawer(page: Page): Locator {
  return page.locator('.ant-drawer.ant-drawer-open');
}

/** A table row holding `text`. */
export function rowWith(page: Page, tableTestId: string, text: string): Locator {
  return page.getByTestId(tableTestId).locator('tr.ant-table-row').filter({ hasText: text });
}

/** Waits for an antd message with `text`; on failure keeps a screenshot of what was on screen instead. */
export async function messageShown(page: Page, text: string): Promise<void> {
  try {
    await expect.poll(async () => (await page.locator('.ant-message-notice').allInnerTexts()).join('\n'), { timeout: 15_000 }).toContain(text);
  } catch (error) {
    await snapshot(page, `failed-message-${text.replace(/\W+/g, '-').toLowerCase()}`).catch(() => undefined);
    throw error;
  }
}

// ---------------------------------------------------------------- the API, for setup and checks

export interface ApiSession {
  token: string;
  cid: string;
  post<T>(path: string, body?: unknown): Promise<{ status: number; msg: string; data: T }>;
}

async function call<T>(path: string, init: RequestInit): Promise<{ status: number; msg: string; data: T }> {
  const response = await fetch(`${baseUrl()}/api${path}`, init);
  return (await response.json()) as { status: number; msg: string; data: T };
}

/** Signs in through the API and selects the first (or the named) customer. */
export async function apiSignIn(account: string, password: string, customerName?: string): Promise<ApiSession> {
  const login = await call<{ token: string; cids: { cid: string; cname: string }[] }>('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  expect(login.status, `sign-in of ${account}: ${login.msg}`).toBe(200);
  const { token } = login.data;
  const customer = customerName ? login.data.cids.find((entry) => entry.cname === customerName) : login.data.cids[0];
  expect(customer, `a customer for ${account}`).toBeTruthy();
  const cid = customer?.cid ?? '';
  const headers = (withCid: boolean) => ({
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
    'x-customer-code': withCid ? cid : '-1',
    'accept-language': 'en',
  });
  const selected = await call('/current/selectcus', { method: 'POST', headers: headers(false), body: JSON.stringify({ cid }) });
  expect(selected.status).toBe(200);
  return {
    token,
    cid,
    post: (path, body = {}) => call(path, { method: 'POST', headers: headers(true), body: JSON.stringify(body) }),
  };
}

/** The text box of an antd Input or Input.Search carrying `testId` (on the input or around it). */
export function textBox(page: Page, testId: string): Locator {
  return page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
}

/** A screenshot once drawers, modals and messages have finished their entrance animations. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(500);
  await snapshot(page, name);
}

/**
 * Clicks a button of a modal or drawer once it has stopped moving: antd's opening animations
 * (zoom, slide) can outlast Playwright's stability check on a loaded machine, and a click at a
 * position the button is still moving away from lands on the mask.
 */
export async function press(page: Page, testId: string): Promise<void> {
  const button = page.getByTestId(testId);
  await button.waitFor({ state: 'visible' });
  let previous = await button.boundingBox();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await page.waitForTimeout(150);
    const box = await button.boundingBox();
    const same = box && previous && box.x === previous.x && box.y === previous.y && box.width === previous.width && box.height === previous.height;
    if (same) break;
    previous = box;
  }
  await button.click();
}
