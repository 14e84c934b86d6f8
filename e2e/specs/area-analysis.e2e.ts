import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAT_LEGEND_HEIGHT } from '../../apps/web/src/features/floorplan/analysis/heatRamps.ts';
import { shot, signedInPage, textBox } from '../support/admin.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Colour statistics of a canvas as drawn: how many pixels are strongly red (a heat ramp's top), blue, and how many colours. */
async function canvasColours(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((element) => {
    const canvas = element as HTMLCanvasElement;
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
    let red = 0;
    let blue = 0;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
      if (r > 180 && g < 110 && b < 110) red += 1;
      if (b > 150 && r < 120) blue += 1;
      colours.add((r << 16) | (g << 8) | b);
    }
    return { red, blue, colours: colours.size, pixels: data.length / 4 };
  });
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

const HEAT_BANDS = ['red', 'orange', 'yellow', 'green', 'blue'] as const;
type HeatBands = Record<(typeof HEAT_BANDS)[number], number>;

/**
 * The heat painted on the plan, counted by band of the ramps' hues (red, orange, yellow, green,
 * blue: the classic ramp's stops are at hues 359, 30, 60, 113 and 203), over the plan only: the
 * legend strip at the canvas's bottom (its gradient holds every band by itself) and a margin of 5 %
 * at each side (where a blob fades out past the plan's edge) are left out. Only saturated pixels
 * count: the demo plan is drawn in greys and beiges (channels at most 16 apart), so what is
 * saturated on it is heat.
 */
async function heatBands(page: Page): Promise<{ bands: HeatBands; heat: number; sampled: number }> {
  return page.getByTestId('heat-canvas').evaluate(
    (element, { legend, names }) => {
      const canvas = element as HTMLCanvasElement;
      const marginX = Math.round(canvas.width * 0.05);
      const marginY = Math.round((canvas.height - legend) * 0.05);
      const width = canvas.width - 2 * marginX;
      const height = canvas.height - legend - 2 * marginY;
      const data = canvas.getContext('2d')?.getImageData(marginX, marginY, width, height).data ?? new Uint8ClampedArray();
      const bands = Object.fromEntries(names.map((name) => [name, 0])) as Record<string, number>;
      let heat = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
        const max = Math.max(r, g, b);
        const spread = max - Math.min(r, g, b);
        if (spread < 50) continue;
        const hue = (max === r ? ((g - b) / spread) * 60 + 360 : max === g ? ((b - r) / spread) * 60 + 120 : ((r - g) / spread) * 60 + 240) % 360;
        const band = hue < 15 || hue >= 345 ? 'red' : hue < 45 ? 'orange' : hue < 80 ? 'yellow' : hue < 170 ? 'green' : hue < 260 ? 'blue' : null;
        if (!band) continue;
        heat += 1;
        bands[band] = (bands[band] ?? 0) + 1;
      }
      return { bands: bands as HeatBands, heat, sampled: data.length / 4 };
    },
    { legend: HEAT_LEGEND_HEIGHT, names: [...HEAT_BANDS] },
  );
}

/**
 * Whether the heat on the plan is non-uniform: at least three bands each hold 1 % of the heat
 * pixels and no band holds 90 %. (Blended over the light plan, the ramp's pale green and yellow
 * rarely stay saturated enough to count: a real map shows blue fringes, orange and red cores.)
 * This fails for a flat grid: with every cell at the same dwell, simpleheat's overlapping blobs
 * (radius 1.2 cells, as much blur) add up to the top of the ramp everywhere inside the plan, so the
 * sampled area is one red band (well over 90 %) with thin fading rings only around the masked
 * pillar (about 1 % of the plan, shared by the other bands); and it fails with no heat at all (no
 * heat pixels), which the old whole-canvas check passed on the legend's gradient alone.
 */
function nonUniform({ bands, heat }: { bands: HeatBands; heat: number }): boolean {
  if (heat === 0) return false;
  const shares = HEAT_BANDS.map((band) => bands[band] / heat);
  return shares.filter((share) => share >= 0.01).length >= 3 && Math.max(...shares) < 0.9;
}

describe('area analysis on the floor plan', () => {
  it('paints a non-uniform heat map on the plan in two colour ramps', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto('/area/storeHeat');
    const canvas = page.getByTestId('heat-canvas');
    await expect.poll(() => canvas.getAttribute('data-drawn'), { timeout: 30_000 }).toBe('true');
    // The heat is drawn once the grid came: on the plan itself (not the legend), covering part of it, in several of the ramp's bands.
    await expect.poll(async () => (await heatBands(page)).heat, { timeout: 30_000 }).toBeGreaterThan(0);
    const classic = await heatBands(page);
    expect(classic.heat / classic.sampled, JSON.stringify(classic)).toBeGreaterThan(0.02);
    expect(nonUniform(classic), JSON.stringify(classic)).toBe(true);
    await shot(page, 'area-store-heat');
    // The warm ramp has no blue: the plan's blue heat goes.
    await page.getByTestId('heat-ramp').getByText('Warm').click();
    await expect.poll(async () => (await heatBands(page)).bands.blue, { timeout: 10_000 }).toBeLessThan(classic.bands.blue / 10);
    await shot(page, 'area-store-heat-warm');
    await context.close();
  });

  it('draws the day’s trajectories and the flow lines, with the from-and-go matrix', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, 'zh');
    await page.goto('/area/storeFlow');
    await pickYesterday(page, 'area-flow-date');
    const canvas = page.getByTestId('flow-canvas');
    await expect.poll(() => canvas.getAttribute('data-drawn'), { timeout: 30_000 }).toBe('true');
    await expect.poll(async () => Number(await canvas.getAttribute('data-tracks')), { timeout: 30_000 }).toBeGreaterThan(0);
    const drawn = await canvasColours(page, 'flow-canvas');
    expect(drawn.blue).toBeGreaterThan(100);
    await page.getByTestId('area-fromgo-table').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('area-flow-lines').getByText('Main aisle').waitFor();
    await shot(page, 'area-store-flow-zh');
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
    await page.goto('/events');
    await pickYesterday(page, 'events-date');
    await expect.poll(() => page.getByTestId('events-chart').getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    await shot(page, 'area-camera-events');
    await context.close();
  });
});
