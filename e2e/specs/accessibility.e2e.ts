import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage } from '../support/admin.ts';
import { type AxeFinding, axeFindings, blocking } from '../support/axe.ts';
import { DEMO, launchBrowser, newContext } from '../support/browser.ts';
import { builtPages } from '../support/pages.ts';

/**
 * Issue 11, accessibility: axe finds no serious or critical issue on any built page, and every page
 * has one heading of level 1. The pages come from the route registry itself, so a new page is
 * checked without touching this file.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Helper routes that show no page of their own: /settings forwards to the first settings page, /refresh reloads the previous one. */
const NOT_PAGES = new Set(['/settings', '/refresh']);
/** Reached through their list, as people reach them (they need a box's or a camera's ids). */
const DETAIL_PAGES = new Set(['/deviceManagement/detail', '/deviceManagement/cameraDetail']);

const pages = (await builtPages()).filter((page) => !NOT_PAGES.has(page.path));
const publicPages = pages.filter((page) => page.layout === 'public');
const shellPages = pages.filter((page) => page.layout === 'shell');

/** The page has drawn what it loads: no spinner, skeleton or busy chart left. */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ state: 'attached', timeout: 30_000 });
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton, [aria-busy="true"], .ant-btn-loading').count(), { timeout: 30_000 }).toBe(0);
  // The navigation bar finishes its sweep (300 ms) after the page is no longer busy.
  await page.locator('[data-testid="progress-bar"][data-state="idle"]').waitFor({ state: 'attached', timeout: 10_000 });
}

const described = (findings: readonly AxeFinding[]) =>
  findings.map((finding) => `${finding.impact} ${finding.rule}: ${finding.help}\n    ${finding.nodes.join('\n    ')}`).join('\n');

async function check(page: Page, path: string): Promise<void> {
  await settled(page);
  const findings = await axeFindings(page);
  // Every finding is logged (moderate and minor ones are worth reading too); serious and critical fail.
  if (findings.length > 0) console.info(`axe on ${path} (${page.url()}):\n${described(findings)}`);
  expect(described(blocking(findings)), `serious or critical axe findings on ${path}`).toBe('');
  // Beyond the target: moderate findings (heading order, content outside landmarks) were all fixed; keep it so.
  expect(described(findings.filter((finding) => finding.impact === 'moderate')), `moderate axe findings on ${path}`).toBe('');
  expect(await page.locator('h1').count(), `one heading of level 1 on ${path}`).toBe(1);
}

describe('public pages: no serious or critical axe finding, one h1', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(browser);
  });
  afterAll(async () => context?.close());

  for (const route of publicPages.filter((entry) => entry.path !== '/selectCustomer')) {
    it(route.path, async () => {
      const page = await context.newPage();
      await page.goto(route.path);
      await check(page, route.path);
      await page.close();
    });
  }
});

describe('signed-in pages: no serious or critical axe finding, one h1', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password));
  });
  afterAll(async () => context?.close());

  it('/selectCustomer', async () => {
    await page.goto('/selectCustomer');
    await check(page, '/selectCustomer');
  });

  for (const route of shellPages.filter((entry) => !DETAIL_PAGES.has(entry.path))) {
    it(route.path, async () => {
      await page.goto(route.path);
      await page.getByTestId('page-heading').waitFor({ state: 'attached', timeout: 30_000 });
      await check(page, route.path);
    });
  }

  it('/deviceManagement/detail and /deviceManagement/cameraDetail', async () => {
    await page.goto('/deviceManagement');
    const box = page.getByTestId('box-table').locator('tr.ant-table-row a').first();
    await box.waitFor({ timeout: 30_000 });
    await box.click();
    await page.waitForURL((url) => url.pathname === '/deviceManagement/detail');
    await check(page, '/deviceManagement/detail');
    await page.locator('[data-testid^="camera-link-"]').first().click();
    await page.waitForURL((url) => url.pathname === '/deviceManagement/cameraDetail');
    await page.getByTestId('camera-detail').waitFor();
    await check(page, '/deviceManagement/cameraDetail');
  });

  it('every built page is checked', () => {
    expect(shellPages.length + publicPages.length).toBeGreaterThan(30);
    expect(shellPages.map((route) => route.path)).toEqual(expect.arrayContaining(['/dashboard', '/trend', '/sales', '/consumption']));
  });
});
