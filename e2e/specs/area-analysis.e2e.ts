import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('area analysis on the floor plan', () => {
  it('paints a non-uniform heat map on the plan in two colour ramps', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto('/area/storeHeat');
    const canvas = page.getByTestId('heat-canvas');
    await expect.poll(() => canvas.getAttribute('data-drawn'), { timeout: 30_000 }).toBe('true');
    // The heat is drawn once the grid came: hot cells in the ramp's red, cooler ones in its blue, over the plan.
    await expect.poll(async () => (await canvasColours(page, 'heat-canvas')).red, { timeout: 30_000 }).toBeGreaterThan(50);
    const classic = await canvasColours(page, 'heat-canvas');
    expect(classic.blue).toBeGreaterThan(50);
    expect(classic.colours).toBeGreaterThan(200);
    await shot(page, 'area-store-heat');
    await page.getByTestId('heat-ramp').getByText('Warm').click();
    await expect.poll(async () => (await canvasColours(page, 'heat-canvas')).blue, { timeout: 10_000 }).toBeLessThan(classic.blue / 2);
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
