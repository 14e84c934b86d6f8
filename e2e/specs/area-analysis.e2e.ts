import { floorplanOperations, LOCALES, translateMessage } from '@storelens/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAT_LEGEND_HEIGHT } from '../../apps/web/src/features/floorplan/analysis/heatRamps.ts';
import { apiSignIn, shot, signedInPage, textBox } from '../support/admin.ts';
import { baseUrl, DEMO, launchBrowser } from '../support/browser.ts';

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

/** A plan's image as the page loads it (read again through the API: the browser keeps no copy to read back). */
async function planImageOf(planId: string): Promise<{ bytes: string; type: string }> {
  const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
  const response = await fetch(`${baseUrl()}${floorplanOperations.planImage.path}?planId=${encodeURIComponent(planId)}`, {
    headers: { authorization: `Bearer ${api.token}`, 'x-customer-code': api.cid },
  });
  expect(response.status).toBe(200);
  return { bytes: Buffer.from(await response.arrayBuffer()).toString('base64'), type: response.headers.get('content-type') ?? 'image/png' };
}

/**
 * The heat painted on the plan's floor, counted by band of the ramps' hues (red, orange, yellow,
 * green, blue: the classic ramp's stops are at hues 359, 30, 60, 113 and 203). Only the plan is
 * sampled: the legend strip at the canvas's bottom (its gradient holds every band by itself) and a
 * margin of 5 % at each side are left out. And only the floor: the plan's image (`image`, the bytes
 * the page loaded, read again) is drawn alone at the canvas's size, and a pixel counts where the image shows its
 * most common colour (the empty floor, nearly neutral) and the page's canvas differs from it by more
 * than 24 in a channel: there the difference is heat, whatever colours the plan's furniture has.
 */
async function heatBands(page: Page, image: { bytes: string; type: string }): Promise<{ bands: HeatBands; heat: number; floor: number }> {
  return page.getByTestId('heat-canvas').evaluate(
    async (element, { legend, names, png }) => {
      const canvas = element as HTMLCanvasElement;
      const marginX = Math.round(canvas.width * 0.05);
      const marginY = Math.round((canvas.height - legend) * 0.05);
      const width = canvas.width - 2 * marginX;
      const height = canvas.height - legend - 2 * marginY;
      const drawn = canvas.getContext('2d')?.getImageData(marginX, marginY, width, height).data ?? new Uint8ClampedArray();
      const plain = document.createElement('canvas');
      plain.width = canvas.width;
      plain.height = canvas.height;
      const plainContext = plain.getContext('2d');
      plainContext?.drawImage(
        await createImageBitmap(new Blob([Uint8Array.from(atob(png.bytes), (c) => c.charCodeAt(0))], { type: png.type })),
        0,
        0,
        canvas.width,
        canvas.height,
      );
      const base = plainContext?.getImageData(marginX, marginY, width, height).data ?? new Uint8ClampedArray();
      const counts = new Map<number, number>();
      for (let i = 0; i < base.length; i += 4) {
        const key = ((base[i] ?? 0) << 16) | ((base[i + 1] ?? 0) << 8) | (base[i + 2] ?? 0);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const floorKey = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
      const floorColour = [(floorKey >> 16) & 255, (floorKey >> 8) & 255, floorKey & 255];
      const bands = Object.fromEntries(names.map((name) => [name, 0])) as Record<string, number>;
      let heat = 0;
      let floor = 0;
      for (let i = 0; i < drawn.length; i += 4) {
        if (floorColour.some((value, channel) => Math.abs((base[i + channel] ?? 0) - value) > 2)) continue;
        floor += 1;
        const [r, g, b] = [drawn[i] ?? 0, drawn[i + 1] ?? 0, drawn[i + 2] ?? 0];
        if (Math.max(Math.abs(r - (floorColour[0] ?? 0)), Math.abs(g - (floorColour[1] ?? 0)), Math.abs(b - (floorColour[2] ?? 0))) <= 24) continue;
        const max = Math.max(r, g, b);
        const spread = max - Math.min(r, g, b) || 1;
        const hue = (max === r ? ((g - b) / spread) * 60 + 360 : max === g ? ((b - r) / spread) * 60 + 120 : ((r - g) / spread) * 60 + 240) % 360;
        const band = hue < 15 || hue >= 345 ? 'red' : hue < 45 ? 'orange' : hue < 80 ? 'yellow' : hue < 170 ? 'green' : hue < 260 ? 'blue' : null;
        if (!band) continue;
        heat += 1;
        bands[band] = (bands[band] ?? 0) + 1;
      }
      return { bands: bands as HeatBands, heat, floor };
    },
    { legend: HEAT_LEGEND_HEIGHT, names: [...HEAT_BANDS], png: image },
  );
}

/**
 * Whether the heat on the floor is non-uniform: at least three bands each hold 1 % of the heat
 * pixels. This fails for a flat grid: with every cell at the same dwell, simpleheat's overlapping
 * blobs (radius 1.2 cells, as much blur, 0.5 m apart) add up to the top of the ramp everywhere
 * inside the plan, so the floor is one red band, the ramp's lower colours only in the fading edge
 * the 5 % margins leave out; and it fails with no heat at all (no heat pixels), which the old
 * whole-canvas check passed on the legend's gradient alone. The demo's real map passes on the
 * faint blue and green of its many cool cells and the yellow to red of the busy ones.
 */
function nonUniform({ bands, heat }: { bands: HeatBands; heat: number }): boolean {
  if (heat === 0) return false;
  return HEAT_BANDS.filter((band) => bands[band] / heat >= 0.01).length >= 3;
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
