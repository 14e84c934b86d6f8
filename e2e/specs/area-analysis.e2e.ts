import { areaAnalysisOperations, floorplanOperations, LOCALES, translateMessage } from '@storelens/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, shot, signedInPage, textBox } from '../support/admin.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';
import { heatBands, nonUniform, planImageOf } from '../support/heatCanvas.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/**
 * How many pixels are strongly blue (the trajectories' colour) in the plan as the page shows it,
 * its canvas and the layers over it (a screenshot of the plan's box: the trajectories are drawn by a
 * worker on a layer of their own, which the page cannot read back), and in the plan's canvas alone
 * (its image and nothing else).
 */
async function planBlue(page: Page, testId: string): Promise<{ shown: number; plan: number }> {
  const canvas = page.getByTestId(testId);
  const png = (await canvas.locator('..').screenshot()).toString('base64');
  return canvas.evaluate(async (element, png) => {
    const blueIn = (data: Uint8ClampedArray) => {
      let blue = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i + 2] ?? 0) > 150 && (data[i] ?? 0) < 120) blue += 1;
      return blue;
    };
    const planCanvas = element as HTMLCanvasElement;
    const plan = planCanvas.getContext('2d')?.getImageData(0, 0, planCanvas.width, planCanvas.height).data ?? new Uint8ClampedArray();
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }));
    const screen = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
    screen?.drawImage(bitmap, 0, 0);
    return { shown: blueIn(screen?.getImageData(0, 0, bitmap.width, bitmap.height).data ?? new Uint8ClampedArray()), plan: blueIn(plan) };
  }, png);
}

/**
 * Sets a day picker to yesterday in the browser's zone. The day pages open on today, which has no
 * tracks before the demo stores open (CI runs at any hour); yesterday is a whole demo day at any hour.
 */
async function pickYesterday(page: Page, testId: string): Promise<void> {
  const yesterday = await page.evaluate(() => {
    const day = new Date();
    day.setDate(day.getDate() - 1);
    return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  });
  const input = textBox(page, testId);
  await input.waitFor({ timeout: 30_000 });
  await expect
    .poll(
      async () => {
        if ((await input.inputValue()) === yesterday) return true;
        await input.click();
        await input.fill(yesterday);
        await input.press('Enter');
        return (await input.inputValue()) === yesterday;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

describe('area analysis on the floor plan', () => {
  it('paints a non-uniform heat map on the plan in two colour ramps', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    const imageRequest = page.waitForRequest((request) => new URL(request.url()).pathname === floorplanOperations.planImage.path);
    await page.goto('/area/storeHeat');
    const image = await planImageOf(new URL((await imageRequest).url()).searchParams.get('planId') ?? '');
    const canvas = page.getByTestId('heat-canvas');
    await expect.poll(() => canvas.getAttribute('data-drawn'), { timeout: 30_000 }).toBe('true');
    // The heat is drawn once the grid came: on the plan itself (not the legend), covering part of it, in several of the ramp's bands.
    await expect.poll(async () => (await heatBands(page, image)).heat, { timeout: 30_000 }).toBeGreaterThan(0);
    const classic = await heatBands(page, image);
    expect(classic.heat / classic.floor, JSON.stringify(classic)).toBeGreaterThan(0.01);
    expect(nonUniform(classic), JSON.stringify(classic)).toBe(true);
    await shot(page, 'area-store-heat');
    // The warm ramp has no blue: the plan's blue heat goes.
    await page.getByTestId('heat-ramp').getByText('Warm').click();
    await expect.poll(async () => (await heatBands(page, image)).bands.blue, { timeout: 10_000 }).toBeLessThan(classic.bands.blue / 10);
    await shot(page, 'area-store-heat-warm');
    await context.close();
  });

  it('draws the day’s trajectories and the flow lines, with the from-and-go matrix', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, 'zh');
    await page.goto('/area/storeFlow');
    await pickYesterday(page, 'area-flow-date');
    const canvas = page.getByTestId('flow-canvas');
    await expect.poll(() => canvas.getAttribute('data-drawn'), { timeout: 30_000 }).toBe('true');
    // The tracks' layer says how many tracks the frame it made shows.
    await expect.poll(async () => Number(await page.getByTestId('flow-tracks').getAttribute('data-tracks')), { timeout: 30_000 }).toBeGreaterThan(0);
    // Chromium draws them in a worker (the page's main thread only where a browser cannot).
    expect(await page.getByTestId('flow-tracks').getAttribute('data-painter')).toBe('worker');
    await page.getByTestId('area-fromgo-table').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('area-flow-lines').getByText('Main aisle').waitFor();
    // Read once the flow lines are drawn too (over the tracks).
    const blue = await planBlue(page, 'flow-canvas');
    expect(blue.shown - blue.plan, JSON.stringify(blue)).toBeGreaterThan(100);
    // The figures name the geometry that produced them, in the page's language: the plan's version when
    // every line and region counted as drawn now, else which changed and the days of the older versions.
    const versions = page.getByTestId('geometry-versions');
    await versions.waitFor({ timeout: 30_000 });
    const planVersion = Number(await versions.getAttribute('data-plan-version'));
    expect(planVersion).toBeGreaterThan(0);
    const line = (await versions.textContent()) ?? '';
    if ((await versions.getAttribute('data-changed')) === 'no') expect(line).toBe(`几何版本 ${planVersion}`);
    else expect(line.startsWith(`当前几何版本 ${planVersion}；`), line).toBe(true);
    await shot(page, 'area-store-flow-zh');
    // A browser that cannot hand a canvas to a worker: the page draws the tracks itself, as many.
    const tracksInWorker = Number(await page.getByTestId('flow-tracks').getAttribute('data-tracks'));
    await context.addInitScript(() => Reflect.deleteProperty(HTMLCanvasElement.prototype, 'transferControlToOffscreen'));
    await page.reload();
    await pickYesterday(page, 'area-flow-date');
    await expect.poll(async () => Number(await page.getByTestId('flow-tracks').getAttribute('data-tracks')), { timeout: 30_000 }).toBe(tracksInWorker);
    expect(await page.getByTestId('flow-tracks').getAttribute('data-painter')).toBe('main');
    await expect.poll(() => canvas.getAttribute('data-drawn'), { timeout: 30_000 }).toBe('true');
    await page.getByTestId('area-flow-lines').getByText('Main aisle').waitFor();
    const blueOnMain = await planBlue(page, 'flow-canvas');
    // The same strokes on the same layer: the same blue, within a few pixels.
    expect(Math.abs(blueOnMain.shown - blue.shown), JSON.stringify({ blue, blueOnMain })).toBeLessThanOrEqual(blue.shown * 0.01);
    await context.close();
  });

  it('lists the regions and entrance areas, and a camera’s day', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto('/area/overview');
    await page.getByTestId('area-overview-table').getByText('Shelf A').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('area-overview-chart').getAttribute('data-ready'), { timeout: 20_000 }).toBe('true');
    await shot(page, 'area-overview');
    await page.goto('/area/entryAnalysis');
    await page.getByTestId('area-entry-table').getByText('Main entrance').waitFor({ timeout: 30_000 });
    await shot(page, 'area-entry-analysis');
    // /events opens on the last 7 days by day (yesterday is a whole demo day at any hour); both tables export.
    await page.goto('/events');
    await expect.poll(() => page.getByTestId('events-chart').getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    await page.getByTestId('events-regions').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await shot(page, 'area-camera-events');
    const regionsFile = page.waitForEvent('download');
    await page.getByTestId('events-regions-export').click();
    expect((await regionsFile).suggestedFilename()).toMatch(/\.xlsx$/);
    const flowsFile = page.waitForEvent('download');
    await page.getByTestId('events-flows-export').click();
    expect((await flowsFile).suggestedFilename()).toMatch(/\.xlsx$/);
    await page.getByTestId('events-view').getByText('By hour').click();
    await page
      .getByTestId('events-regions')
      .locator('th')
      .filter({ hasText: /^\d\d:00$/ })
      .first()
      .waitFor({ timeout: 10_000 });
    await shot(page, 'area-camera-events-by-hour');
    await context.close();
  });

  it('shows the regions’ correlations as the API answers the same request, and exports them', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    const path = areaAnalysisOperations.correlations.path;
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === path, { timeout: 30_000 });
    await page.goto('/area/overview');
    const body = JSON.parse((await asked).postData() ?? '{}') as Record<string, unknown>;
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const answer = await api.post<{ regions: { elementId: string; name: string }[]; pairs: { a: string; b: string; coefficient: number | null }[] }>(
      path.replace(/^\/api/, ''),
      body,
    );
    expect(answer.status, answer.msg).toBe(200);
    // The demo's last 7 days: regions busy at different hours of the day, so the pairs have coefficients.
    expect(answer.data.pairs.some((pair) => pair.coefficient !== null)).toBe(true);
    const panel = page.getByTestId('area-correlations-table');
    await panel.locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    expect(await panel.locator('tr.ant-table-row').count()).toBe(answer.data.regions.length);
    for (const pair of answer.data.pairs) {
      // Each pair is shown both ways, to the API's three decimals ('--' where it has none).
      for (const [row, column] of [
        [pair.a, pair.b],
        [pair.b, pair.a],
      ] as const) {
        const text = await page.getByTestId(`area-correlation-${row}-${column}`).textContent();
        expect(text, `${row} × ${column}`).toBe(pair.coefficient === null ? '--' : pair.coefficient.toFixed(3));
      }
    }
    await shot(page, 'area-overview-correlations');
    const file = page.waitForEvent('download');
    await page.getByTestId('area-correlations-export').click();
    expect((await file).suggestedFilename()).toBe('Region correlations.xlsx');
    await context.close();
  });

  it('tells a manager, in each language, that store-level settings (entrance, floor plan, area) are the account manager’s', async () => {
    for (const lang of LOCALES) {
      const { context, page } = await signedInPage(browser, DEMO.manager.account, DEMO.manager.password, lang);
      await page.goto('/settings/passengerFlow/storePlan');
      const notice = page.getByTestId('contact-account-manager');
      await notice.waitFor({ timeout: 30_000 });
      expect(await notice.textContent(), lang).toContain(translateMessage(lang, 'errors.contactAccountManager'));
      await context.close();
    }
  });
});
