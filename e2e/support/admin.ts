import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, newContext, snapshot } from './browser.ts';
import { waitForShell } from './flows.ts';

/** Where the web app keeps the session that survives a reload (features/session/state/sessionStore.ts). */
const SESSION_STORAGE_KEY = 'storelens.session';

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

/**
 * A signed-in page; `timezoneId` gives the browser a zone (the machine's otherwise), as a person in a
 * store's city has. The session is signed in through the API and handed to the tab as a reload
 * finds it (token, user and customer in localStorage), so each test skips the login page's cold
 * load; the login page itself is what session, i18n and recovery specs drive by hand. Like the
 * login page, it lands in the shell for a user with one customer; a user with several is given
 * `customerName` (the picker's choice).
 */
export async function signedInPage(
  browser: Browser,
  account: string,
  password: string,
  lang: Lang = 'en',
  timezoneId?: string,
  customerName?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const session = await apiSignIn(account, password, customerName);
  const persisted = { state: { token: session.token, uid: session.uid, username: session.username, cid: session.cid, locale: lang }, version: 1 };
  const context = await newContext(browser, BROWSER_LOCALE[lang], timezoneId, {
    cookies: [],
    origins: [{ origin: baseUrl(), localStorage: [{ name: SESSION_STORAGE_KEY, value: JSON.stringify(persisted) }] }],
  });
  const page = await context.newPage();
  await page.goto('/');
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
  // A single choice closes its list. Under load a click can land while the list is still opening and
  // choose nothing (the list stays open, the field empty): click the option again until it closes.
  const multiple = await page
    .getByTestId(testId)
    .evaluate(
      (element) =>
        element.matches('.ant-select-multiple') || element.closest('.ant-select-multiple') !== null || element.querySelector('.ant-select-multiple') !== null,
    );
  if (multiple) return;
  await expect
    .poll(
      async () => {
        if (await option.isVisible()) await option.click({ timeout: 2_000 }).catch(() => undefined);
        return option.isVisible();
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(false);
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
    // A form that refused to send says which field and why: name them in the failure.
    const refusals = await page
      .locator('.ant-form-item-has-error')
      .evaluateAll((items) =>
        items.map((item) => `${item.querySelector('label')?.textContent ?? '?'}: ${item.querySelector('.ant-form-item-explain')?.textContent ?? ''}`),
      )
      .catch(() => []);
    if (refusals.length > 0 && error instanceof Error) error.message += `; the form refused: ${refusals.join(' | ')}`;
    throw error;
  }
}

// ---------------------------------------------------------------- the API, for setup and checks

export interface ApiSession {
  token: string;
  uid: string;
  username: string;
  cid: string;
  post<T>(path: string, body?: unknown): Promise<{ status: number; msg: string; data: T }>;
}

async function call<T>(path: string, init: RequestInit): Promise<{ status: number; msg: string; data: T }> {
  const response = await fetch(`${baseUrl()}/api${path}`, init);
  return (await response.json()) as { status: number; msg: string; data: T };
}

/** Signs in through the API and selects the first (or the named) customer. */
export async function apiSignIn(account: string, password: string, customerName?: string): Promise<ApiSession> {
  const login = await call<{ token: string; uid: string; username: string; cids: { cid: string; cname: string }[] }>('/auth/login', {
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
    uid: login.data.uid,
    username: login.data.username,
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
