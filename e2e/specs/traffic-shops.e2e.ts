import { translateMessage } from '@storelens/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, chooseOption, type Lang, messageShown, shot, signedInPage } from '../support/admin.ts';
import { choosePreset, daysAgo, rowsOf, typeRange } from '../support/analytics.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';

const RANKINGS = '/shops/storeRankings';
const COMPARISON = '/shops/storeComparison';
const FOUR_QUADRANT = '/shops/fourQuadrantAnalysis';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Waits for a table's rows and for its chart to be drawn, then keeps a screenshot. */
async function settledShot(page: Page, table: string, chart: string, name: string): Promise<void> {
  await rowsOf(page, table).first().waitFor({ timeout: 30_000 });
  await page.locator(`[data-testid="${chart}"][data-ready="true"]`).first().waitFor({ timeout: 30_000 });
  await shot(page, name);
}

/** Counts the page's requests to an operation, to show that a refused choice never reaches the server. */
function countRequests(page: Page, operation: string): { count(): number } {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/traffic/${operation}`)) count += 1;
  });
  return { count: () => count };
}

describe('store analysis', () => {
  it('ranks every store by entries as the server ranks them, with the previous range', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(RANKINGS);
    const rows = rowsOf(page, 'rankings-table');
    await rows.first().waitFor({ timeout: 30_000 });

    // The same question through the API: last 7 days, every store the admin may see.
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const ranking = await api.post<{ rows: { rank: number; shopName: string; value: number | null }[] }>('/traffic/storeRanking', {
      startDate: daysAgo(6),
      endDate: daysAgo(0),
      indicator: 'entries',
    });
    expect(ranking.status).toBe(200);
    expect(ranking.data.rows.length).toBeGreaterThan(5);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(ranking.data.rows.length);
    const first = ranking.data.rows[0];
    expect(first?.value, 'the demo history gives the first store entries').toBeGreaterThan(0);
    const firstRow = await rows.first().innerText();
    expect(firstRow).toContain(first?.shopName ?? '?');
    expect(firstRow).toContain(new Intl.NumberFormat('en-US').format(first?.value ?? 0));
    await settledShot(page, 'rankings-table', 'rankings-chart', 'shops-rankings-en');

    // Lowest first: the server's last store with a value comes first.
    await page.getByTestId('rankings-order-asc').click();
    const lowest = [...ranking.data.rows].reverse().find((row) => row.value !== null);
    await expect.poll(async () => rows.first().innerText(), { timeout: 15_000 }).toContain(lowest?.shopName ?? '?');

    // Comparable stores only (issue 11): the page says how many stores the server compared.
    const comp = await api.post<{ rows: unknown[]; likeForLike: { comparedShops: number; shops: number } }>('/traffic/storeRanking', {
      startDate: daysAgo(6),
      endDate: daysAgo(0),
      indicator: 'entries',
      comparableOnly: true,
    });
    expect(comp.status).toBe(200);
    await page.getByTestId('rankings-comparable').click();
    await expect
      .poll(() => page.getByTestId('rankings-comparable-compared').innerText(), { timeout: 15_000 })
      .toContain(`Compared ${comp.data.likeForLike.comparedShops} of ${comp.data.likeForLike.shops} stores`);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(comp.data.rows.length);
    await context.close();
  });

  // Five steps through the page and three through the API: near a minute on a loaded machine.
  it('refuses overlapping ranges with the server message before asking, and the server refuses them too', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(COMPARISON);
    // The default pair (last 7 days against the 7 before) is valid: real rows for every store.
    await rowsOf(page, 'comparison-table').first().waitFor({ timeout: 30_000 });
    await settledShot(page, 'comparison-table', 'comparison-chart-entries', 'shops-comparison-en');
    const requests = countRequests(page, 'storeComparison');

    // Range A moved onto range B's days, both 7 days long.
    const rangeA = { startDate: daysAgo(9), endDate: daysAgo(3) };
    const rangeB = { startDate: daysAgo(6), endDate: daysAgo(0) };
    await typeRange(page, 'comparison-range-a', rangeA.startDate, rangeA.endDate);
    const overlap = translateMessage('en', 'traffic.rangesOverlap');
    expect(overlap).toBe('The two time ranges must not overlap');
    await messageShown(page, overlap);
    await expect.poll(() => page.getByTestId('comparison-refusal').innerText(), { timeout: 10_000 }).toContain(overlap);
    expect(await rowsOf(page, 'comparison-table').count()).toBe(0);
    await shot(page, 'shops-comparison-overlap-en');
    expect(requests.count(), 'the refused pair was not sent').toBe(0);

    // Sent anyway, the server refuses the same pair with the same words.
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const refused = await api.post('/traffic/storeComparison', { rangeA, rangeB, indicators: ['entries'] });
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe(overlap);

    // The same range twice: 'The same day cannot be selected twice', here and on the server.
    await choosePreset(page, 'comparison-range-a', 'last7Days');
    const sameDay = translateMessage('en', 'traffic.sameDayTwice');
    await messageShown(page, sameDay);
    await expect.poll(() => page.getByTestId('comparison-refusal').innerText()).toContain(sameDay);
    const twice = await api.post('/traffic/storeComparison', { rangeA: rangeB, rangeB, indicators: ['entries'] });
    expect([twice.status, twice.msg]).toEqual([400, sameDay]);
    expect(requests.count(), 'the refused pair was not sent').toBe(0);

    // Range A as the 7 days before B: the figures come back.
    await page.getByTestId('comparison-previous-period').click();
    await expect.poll(() => rowsOf(page, 'comparison-table').count(), { timeout: 30_000 }).toBeGreaterThan(5);
    await expect.poll(() => page.getByTestId('comparison-refusal').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('places the stores in four quadrants and refuses the same indicator on both axes', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(FOUR_QUADRANT);
    const rows = rowsOf(page, 'four-quadrant-table');
    await rows.first().waitFor({ timeout: 30_000 });
    await settledShot(page, 'four-quadrant-table', 'four-quadrant-chart', 'shops-four-quadrant-en');

    // The quadrant counts add up to the stores listed, as the server placed them.
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const answer = await api.post<{ points: { shopName: string; quadrant: number | null }[] }>('/traffic/fourQuadrant', {
      startDate: daysAgo(6),
      endDate: daysAgo(0),
      xIndicator: 'entries',
      yIndicator: 'captureRate',
    });
    expect(answer.status).toBe(200);
    expect(await rows.count()).toBe(answer.data.points.length);
    for (const quadrant of [1, 2, 3, 4]) {
      const expected = answer.data.points.filter((point) => point.quadrant === quadrant).length;
      expect(await page.getByTestId(`four-quadrant-count-${quadrant}`).innerText(), `quadrant ${quadrant}`).toBe(String(expected));
    }
    expect(answer.data.points.filter((point) => point.quadrant !== null).length).toBeGreaterThan(3);

    const requests = countRequests(page, 'fourQuadrant');
    await chooseOption(page, 'four-quadrant-y', 'Entries');
    const same = translateMessage('en', 'traffic.sameIndicator');
    await messageShown(page, same);
    await expect.poll(() => page.getByTestId('four-quadrant-refusal').innerText()).toContain(same);
    expect(requests.count(), 'the refused axes were not sent').toBe(0);
    const refused = await api.post('/traffic/fourQuadrant', { startDate: daysAgo(6), endDate: daysAgo(0), xIndicator: 'entries', yIndicator: 'entries' });
    expect([refused.status, refused.msg]).toEqual([400, same]);

    await chooseOption(page, 'four-quadrant-y', 'Deep-visit rate');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(answer.data.points.length);
    await context.close();
  });

  // Three pages, each drawn in full for its screenshot: longer than one page's test.
  it.each(['zh'] as Lang[])(
    'shows the three pages in %s',
    async (lang) => {
      const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, lang);
      await page.goto(RANKINGS);
      await settledShot(page, 'rankings-table', 'rankings-chart', `shops-rankings-${lang}`);
      expect(await page.getByTestId('rankings-table').innerText()).toContain(translateMessage(lang, 'export.rank'));
      await page.goto(COMPARISON);
      await settledShot(page, 'comparison-table', 'comparison-chart-entries', `shops-comparison-${lang}`);
      await typeRange(page, 'comparison-range-a', daysAgo(9), daysAgo(3));
      await messageShown(page, translateMessage(lang, 'traffic.rangesOverlap'));
      await shot(page, `shops-comparison-overlap-${lang}`);
      await page.goto(FOUR_QUADRANT);
      await settledShot(page, 'four-quadrant-table', 'four-quadrant-chart', `shops-four-quadrant-${lang}`);
      await context.close();
    },
    180_000,
  );
});
