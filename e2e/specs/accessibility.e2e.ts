import fs from 'node:fs';
import path from 'node:path';
import { SUPER_MANAGER_ONLY_ROUTES } from '@storelens/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInPage } from '../support/admin.ts';
import { type AxeFinding, axeFindings, blocking } from '../support/axe.ts';
import { DEMO, launchBrowser, newContext } from '../support/browser.ts';
import { signInThroughPage, waitForShell } from '../support/flows.ts';
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
const DETAIL_PAGES = new Set([
  '/deviceManagement/detail',
  '/deviceManagement/cameraDetail',
  '/SOPmanage/inspectionItem/inspecItemDetail',
  '/taskManagement/dailyPatrol/detailsSingle',
  '/taskManagement/dailyPatrol/phaseTask',
  '/taskManagement/dailyPatrol/phaseTask/detailsCyclic',
  '/myTodo/mendTodo/afterDeal/dispose',
  '/myTodo/mendTodo/test/detailsPatrol',
  '/myTodo/mendTodo/ICreated/detailsPatrol',
  '/taskManagement/taskMendTodo/detailsPatrol',
  '/batch/batch-visitor-detail',
  // Our operators' page (the inner operation role): checked signed in as one, below.
  '/settings/dataBoards',
]);
/** One floor plan and its drawing tools: reached from the store plans, with the plan's id. */
const PLAN_PAGES = ['/settings/passengerFlow/getStorePlan', ...SUPER_MANAGER_ONLY_ROUTES];
for (const path of PLAN_PAGES) DETAIL_PAGES.add(path);

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
    // The demo administrator's picker chooses for them and moves on: the check waits for the page it
    // lands on to be drawn (it once scanned the dashboard's loading skeletons mid-move).
    await page.waitForURL((url) => url.pathname !== '/selectCustomer', { timeout: 15_000 }).catch(() => undefined);
    if (new URL(page.url()).pathname !== '/selectCustomer') await page.getByTestId('page-heading').waitFor({ state: 'attached', timeout: 30_000 });
    await check(page, '/selectCustomer');
  });

  for (const route of shellPages.filter((entry) => !DETAIL_PAGES.has(entry.path))) {
    it(route.path, async () => {
      await page.goto(route.path);
      await page.getByTestId('page-heading').waitFor({ state: 'attached', timeout: 30_000 });
      await check(page, route.path);
    });
  }

  it('/batch/batch-visitor-detail, from the batch list', async () => {
    await page.goto('/batch/list');
    const link = page.getByTestId('batch-list').locator('[data-testid^="batch-link-"]').first();
    await link.waitFor({ timeout: 30_000 });
    await link.click();
    await page.waitForURL((url) => url.pathname === '/batch/batch-visitor-detail');
    await page.getByTestId('batch-detail').locator('.ant-descriptions').waitFor({ timeout: 30_000 });
    await check(page, '/batch/batch-visitor-detail');
  });

  it('/settings/dataBoards, as our operator', async () => {
    // Our operator serves two customers: the picker first.
    const context = await newContext(browser);
    const operator = await context.newPage();
    await signInThroughPage(operator, DEMO.operator.account, DEMO.operator.password, '?lang=en');
    await operator.getByTestId('customer-picker').waitFor();
    await operator.locator('[data-testid^="customer-option-"]', { hasText: 'Demo Retail' }).click();
    await waitForShell(operator);
    await operator.goto('/settings/dataBoards');
    await operator.getByTestId('board-settings').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await check(operator, '/settings/dataBoards');
    await context.close();
  });

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

  it('/playback with a camera playing live, then in playback mode with its time axis', async () => {
    // The first demo camera that records (the empty page is checked above with the others).
    const streams = JSON.parse(fs.readFileSync(path.join(inject('dataDir'), 'demo-video', 'streams.json'), 'utf8')) as { cameraId: string; record: string }[];
    const camera = streams.find((stream) => stream.record === 'continuous')?.cameraId ?? '';
    await page.goto(`/playback?cameraId=${camera}`);
    await expect.poll(() => page.getByTestId('video-tile-0').getAttribute('data-state'), { timeout: 30_000 }).toBe('playing');
    await check(page, '/playback (live)');
    await page.getByTestId('video-mode').getByText('Playback', { exact: true }).click();
    await page.getByTestId('video-axis').waitFor();
    await expect.poll(() => page.getByTestId('video-tile-0').getAttribute('data-state'), { timeout: 30_000 }).toBe('playing');
    await check(page, '/playback (playback)');
  });

  it('the floor plan page and the store-plan tools, with a plan', async () => {
    await page.goto('/settings/passengerFlow/storePlan');
    const link = page.getByTestId('plan-table').locator('tr.ant-table-row a').first();
    await link.waitFor({ timeout: 30_000 });
    await link.click();
    await page.waitForURL((url) => url.pathname === '/settings/passengerFlow/getStorePlan');
    const planId = new URL(page.url()).searchParams.get('planId');
    await page.getByTestId('camera-point-table').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await check(page, '/settings/passengerFlow/getStorePlan');
    for (const toolPath of PLAN_PAGES.slice(1)) {
      await page.goto(`${toolPath}?planId=${planId}`);
      await page.getByTestId('plan-canvas').locator('canvas').first().waitFor({ timeout: 30_000 });
      await check(page, toolPath);
    }
  });

  it('the inspection detail pages: an item, a single plan, a cyclic plan’s phases and one phase', async () => {
    await page.goto('/SOPmanage/inspectionItem');
    await page.locator('[data-testid^="item-name-"]').first().click();
    await page.waitForURL((url) => url.pathname === '/SOPmanage/inspectionItem/inspecItemDetail');
    await page.getByTestId('item-detail').waitFor();
    await check(page, '/SOPmanage/inspectionItem/inspecItemDetail');
    await page.goto('/taskManagement/dailyPatrol');
    await page.getByTestId('plan-name-Xujiahui reopening audit').click();
    await page.getByTestId('plan-detail').waitFor();
    await check(page, '/taskManagement/dailyPatrol/detailsSingle');
    await page.goto('/taskManagement/dailyPatrol');
    await page.getByTestId('plan-name-Daily opening check').click();
    await page.getByTestId('plan-detail').waitFor();
    await check(page, '/taskManagement/dailyPatrol/phaseTask');
    const phase = page.locator('[data-testid^="phase-20"]').first();
    await phase.waitFor({ timeout: 30_000 });
    await phase.click();
    await page.getByTestId('phase-detail').waitFor();
    await check(page, '/taskManagement/dailyPatrol/phaseTask/detailsCyclic');
  });

  it('the rectification pages: answering one, and its details from my to-do, from what I created and from all', async () => {
    // The demo administrator handles a hand-over in Saigon: it is in their to-do.
    await page.goto('/myTodo/mendTodo');
    const answer = page.locator('[data-testid^="rectification-answer-"]').first();
    await answer.waitFor({ timeout: 30_000 });
    await answer.click();
    await page.waitForURL((url) => url.pathname === '/myTodo/mendTodo/afterDeal/dispose');
    await page.getByTestId('rectification-answer-form').waitFor();
    await check(page, '/myTodo/mendTodo/afterDeal/dispose');
    for (const [list, detailPath, table] of [
      ['/myTodo/mendTodo', '/myTodo/mendTodo/test/detailsPatrol', 'rectification-table-mine'],
      ['/myTodo/mendTodo?tab=created', '/myTodo/mendTodo/ICreated/detailsPatrol', 'rectification-table-created'],
      ['/taskManagement/taskMendTodo', '/taskManagement/taskMendTodo/detailsPatrol', 'rectification-table-all'],
    ] as const) {
      await page.goto(list);
      const link = page.getByTestId(table).locator('[data-testid^="rectification-item-"]').first();
      await link.waitFor({ timeout: 30_000 });
      await link.click();
      await page.waitForURL((url) => url.pathname === detailPath);
      await page.getByTestId('rectification-history').waitFor();
      await check(page, detailPath);
    }
  });

  it('every built page is checked', () => {
    expect(shellPages.length + publicPages.length).toBeGreaterThan(30);
    expect(shellPages.map((route) => route.path)).toEqual(expect.arrayContaining(['/dashboard', '/trend', '/sales', '/consumption']));
  });
});
