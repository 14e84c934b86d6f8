import { readFile } from 'node:fs/promises';
import { areaAnalysisOperations, floorplanOperations, type Heat, translateMessage } from '@storelens/contracts';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAT_LEGEND_HEIGHT, heatDifference } from '../../apps/web/src/features/floorplan/analysis/heatRamps.ts';
import { chooseOption, shot, signedInPage } from '../support/admin.ts';
import { daysAgo, typeRange } from '../support/analytics.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';
import { heatBands, planImageOf } from '../support/heatCanvas.ts';

/**
 * /area/storeHeat beyond painting the map (area-analysis.e2e.ts): the PNG it exports, the
 * difference of two periods, and one area's heat, each checked against what the page drew or what
 * the API answered the page's own requests.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface HeatExchange {
  request: { startDate: string; endDate: string; elementId?: string; fromHour: number; toHour: number };
  answer: Heat | null;
}

/** Every heat request the page makes, with the API's answer (null when it refused). */
function recordHeat(page: Page): HeatExchange[] {
  const seen: HeatExchange[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== areaAnalysisOperations.heat.path) return;
    const request = JSON.parse(response.request().postData() ?? '{}') as HeatExchange['request'];
    const body = (await response.json().catch(() => null)) as { status?: number; data?: Heat } | null;
    seen.push({ request, answer: body?.status === 200 && body.data ? body.data : null });
  });
  return seen;
}

/** Opens the heat page and waits until its map is drawn on the plan; the plan's image as the page loaded it. */
async function openHeatPage(page: Page) {
  const imageRequest = page.waitForRequest((request) => new URL(request.url()).pathname === floorplanOperations.planImage.path);
  await page.goto('/area/storeHeat');
  const url = new URL((await imageRequest).url());
  const image = await planImageOf(url.searchParams.get('planId') ?? '');
  const canvas = page.getByTestId('heat-canvas');
  await expect.poll(() => canvas.getAttribute('data-drawn'), { timeout: 30_000 }).toBe('true');
  await expect.poll(async () => (await heatBands(page, image)).heat, { timeout: 30_000 }).toBeGreaterThan(0);
  return image;
}

/** The canvas's pixels at every `step`-th column and row, as [r, g, b] (what the page shows). */
async function canvasSamples(page: Page, step: number) {
  return page.getByTestId('heat-canvas').evaluate((element, every) => {
    const canvas = element as HTMLCanvasElement;
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
    const samples: number[] = [];
    for (let y = 0; y < canvas.height; y += every)
      for (let x = 0; x < canvas.width; x += every) {
        const i = (y * canvas.width + x) * 4;
        samples.push(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0);
      }
    return { width: canvas.width, height: canvas.height, samples };
  }, step);
}

/** The colour of the canvas at a plan point (metres). */
async function colourAt(page: Page, point: { x: number; y: number }, widthM: number) {
  return page.getByTestId('heat-canvas').evaluate(
    (element, { x, y, planWidth, legend }) => {
      const canvas = element as HTMLCanvasElement;
      const scale = canvas.width / planWidth;
      const [r = 0, g = 0, b = 0] = canvas.getContext('2d')?.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data ?? [];
      return { r, g, b, inLegend: y * scale >= canvas.height - legend };
    },
    { x: point.x, y: point.y, planWidth: widthM, legend: HEAT_LEGEND_HEIGHT },
  );
}

describe('the heat map page', () => {
  it('exports the map as drawn, with its legend, as a PNG', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await openHeatPage(page);
    const download = page.waitForEvent('download');
    await page.getByTestId('heat-export-png').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.png$/);
    const bytes = await readFile((await file.path()) ?? '');
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.format).toBe('raw');
    expect((await sharp(bytes).metadata()).format).toBe('png');

    // The file is the canvas pixel for pixel (PNG is lossless): sampled on a grid of 7 pixels.
    const step = 7;
    const drawn = await canvasSamples(page, step);
    expect([info.width, info.height]).toEqual([drawn.width, drawn.height]);
    let k = 0;
    let differing = 0;
    for (let y = 0; y < info.height; y += step)
      for (let x = 0; x < info.width; x += step) {
        const i = (y * info.width + x) * 3;
        for (let channel = 0; channel < 3; channel += 1) if (Math.abs((data[i + channel] ?? 0) - (drawn.samples[k + channel] ?? 0)) > 1) differing += 1;
        k += 3;
      }
    expect(differing).toBe(0);

    // The legend strip at the bottom carries the ramp: its low end blue, its high end red.
    const strip = { top: info.height - HEAT_LEGEND_HEIGHT + 8, height: 12 };
    let red = 0;
    let blue = 0;
    for (let y = strip.top; y < strip.top + strip.height; y += 1)
      for (let x = 16; x < Math.min(256, info.width - 16); x += 1) {
        const i = (y * info.width + x) * 3;
        const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
        if (r > 180 && g < 110 && b < 110) red += 1;
        if (b > 150 && r < 120) blue += 1;
      }
    expect(red, 'red in the legend').toBeGreaterThan(50);
    expect(blue, 'blue in the legend').toBeGreaterThan(50);
    await context.close();
  });

  it('compares two periods as a difference map: more in red, less in blue, where the API’s figures say', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    const heat = recordHeat(page);
    await openHeatPage(page);
    // Three days whose previous three lie within the demo's week of tracks in every store's zone (the
    // default week's previous one would hold at most its edge day, none when a store's day is ahead).
    const [from, to] = [daysAgo(3), daysAgo(1)];
    await typeRange(page, 'date-range', from, to);
    await expect.poll(() => heat.some((exchange) => exchange.answer && exchange.request.startDate === from), { timeout: 30_000 }).toBe(true);
    await page.getByTestId('heat-compare').click();
    const current = heat.find((exchange) => exchange.answer && exchange.request.startDate === from)?.request;
    expect(current?.endDate).toBe(to);
    // The page asks for the previous period of the same length.
    await expect
      .poll(() => heat.filter((exchange) => exchange.answer && exchange.request.startDate === daysAgo(6)).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const now = heat.find((exchange) => exchange.answer && exchange.request.startDate === current?.startDate)?.answer;
    const before = heat.find((exchange) => exchange.answer && exchange.request.startDate === daysAgo(6))?.answer;
    if (!now || !before) throw new Error('the page did not read both periods');
    expect(before.plan.id).toBe(now.plan.id);
    // Each period scaled to its own total: the shares of some cells grew and of others shrank.
    const difference = heatDifference(before, now);
    const more = difference.reduce((best, point) => (point.value > best.value ? point : best));
    const less = difference.reduce((best, point) => (point.value < best.value ? point : best));
    expect(more.value).toBeGreaterThan(0);
    expect(less.value).toBeLessThan(0);
    await expect
      .poll(async () => {
        const colour = await colourAt(page, more, now.plan.widthM);
        return colour.inLegend || colour.r > colour.b + 60;
      })
      .toBe(true);
    const cooler = await colourAt(page, less, now.plan.widthM);
    // The loss is painted blue, at least at alpha 0.15 (differenceColour: a small loss against a large
    // gain is pale): over the light grey plan, blue (43, 131, 186) at 0.15 puts the pixel's blue some
    // 21 above its red, and a red cell's below it.
    if (!cooler.inLegend) expect(cooler.b - cooler.r, JSON.stringify(cooler)).toBeGreaterThan(15);
    await shot(page, 'area-store-heat-compare');
    await context.close();
  });

  it('paints one area’s heat only, and says when an area has none', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    const heat = recordHeat(page);
    const image = await openHeatPage(page);
    const whole = heat.find((exchange) => exchange.answer && !exchange.request.elementId)?.answer;
    if (!whole) throw new Error('no whole-plan heat');
    // The whole plan's heat names what made it: the demo plan's mask and camera points, each with the
    // days it made; the line under the toolbar says whether every day's heat is of the versions now (a
    // spec that recalibrates a demo camera may have run before on this server: then it names that camera).
    expect(whole.geometry.elements.map((element) => element.name)).toContain('Pillar');
    expect(whole.geometry.elements.every((element) => element.spans.length > 0)).toBe(true);
    const changed = whole.geometry.elements.some((element) => element.spans.some((span) => span.version !== element.current));
    const versions = page.getByTestId('geometry-versions');
    await versions.waitFor({ timeout: 30_000 });
    expect(await versions.getAttribute('data-changed')).toBe(changed ? 'yes' : 'no');
    const line = (await versions.textContent()) ?? '';
    if (changed) expect(line.startsWith(`Geometry version ${whole.geometry.planVersion} now;`), line).toBe(true);
    else expect(line).toBe(`Geometry version ${whole.geometry.planVersion}`);
    await chooseOption(page, 'heat-area', 'Shelf A');
    await expect.poll(() => heat.some((exchange) => exchange.answer && exchange.request.elementId), { timeout: 30_000 }).toBe(true);
    const area = heat.find((exchange) => exchange.answer && exchange.request.elementId)?.answer;
    if (!area) throw new Error('no area heat');
    // Fewer cells than the whole plan's, and the page paints only around them (simpleheat blurs by about 2.5 cells).
    expect(area.cells.length).toBeGreaterThan(0);
    expect(area.cells.length).toBeLessThan(whole.cells.length);
    const cellsExtent = { left: Number.POSITIVE_INFINITY, right: 0, top: Number.POSITIVE_INFINITY, bottom: 0 };
    for (const [index] of area.cells) {
      const x = ((index % area.cols) + 0.5) * area.cellM;
      const y = (Math.floor(index / area.cols) + 0.5) * area.cellM;
      cellsExtent.left = Math.min(cellsExtent.left, x);
      cellsExtent.right = Math.max(cellsExtent.right, x);
      cellsExtent.top = Math.min(cellsExtent.top, y);
      cellsExtent.bottom = Math.max(cellsExtent.bottom, y);
    }
    await expect
      .poll(async () => {
        const { heat: pixels, extent } = await heatBands(page, image);
        const scale = (await page.getByTestId('heat-canvas').evaluate((element) => (element as HTMLCanvasElement).width)) / area.plan.widthM;
        const blur = 3 * area.cellM * scale;
        return (
          pixels > 0 &&
          extent.left >= cellsExtent.left * scale - blur &&
          extent.right <= cellsExtent.right * scale + blur &&
          extent.top >= cellsExtent.top * scale - blur &&
          extent.bottom <= cellsExtent.bottom * scale + blur
        );
      })
      .toBe(true);
    await shot(page, 'area-store-heat-shelf-a');

    // Midnight to one o'clock: the demo stores are closed, the area has no heat.
    const to = page.getByRole('slider', { name: 'Hours to' });
    await to.focus();
    await to.press('Home');
    const notFound = page.getByTestId('heat-not-found');
    await notFound.waitFor({ timeout: 30_000 });
    expect(await notFound.textContent()).toContain(translateMessage('en', 'errors.heatmapAreaNotFound'));
    await context.close();
  });
});
