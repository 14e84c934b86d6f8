import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot, signedInPage } from '../support/admin.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const TOUR = '/virtualStore/panoramicTour';

/**
 * Waits until the viewer shows a picture: a screenshot of it (what a person sees) whose pixels vary
 * like a room, not a blank or single-colour canvas (WebGL runs in SwiftShader here).
 */
async function waitForRenderedPanorama(viewer: Locator): Promise<{ stdev: number; mean: number }> {
  await viewer.locator('canvas').waitFor();
  const deadline = Date.now() + 30_000;
  let last = { stdev: 0, mean: 0 };
  while (Date.now() < deadline) {
    const stats = await sharp(await viewer.screenshot()).stats();
    last = {
      stdev: Math.max(...stats.channels.slice(0, 3).map((channel) => channel.stdev)),
      mean: stats.channels[0]?.mean ?? 0,
    };
    if (last.stdev > 25) return last;
    await viewer.page().waitForTimeout(250);
  }
  await shot(viewer.page(), 'virtual-store-not-rendered');
  throw new Error(`the panorama did not render: ${JSON.stringify(last)}`);
}

const heading = (page: Page) => page.locator('#pano-tour-heading');

describe('panoramic tour', () => {
  it('shows the store’s panorama, follows a link to the next one, and a camera hotspot opens that camera’s live view', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    page.on('console', (entry) => console.log(`[page ${entry.type()}] ${entry.text()}`));
    await page.goto(TOUR);
    const viewer = page.getByTestId('pano-viewer');
    await expect.poll(() => heading(page).innerText(), { timeout: 20_000 }).toContain('Entrance');
    const first = await waitForRenderedPanorama(viewer);
    expect(first.stdev).toBeGreaterThan(25);
    await shot(page, 'virtual-store-entrance');

    // The entrance links forward to the aisles: a named button in the viewer.
    const link = page.getByRole('button', { name: 'Go to Aisles' });
    await link.waitFor({ state: 'visible', timeout: 20_000 });
    await link.click();
    await expect.poll(() => heading(page).innerText(), { timeout: 20_000 }).toContain('Aisles');
    // Another picture: the aisles, not the entrance any more.
    await expect.poll(async () => Math.abs((await waitForRenderedPanorama(viewer)).mean - first.mean), { timeout: 20_000 }).toBeGreaterThan(2);
    await expect.poll(() => page.getByRole('button', { name: 'Aisles', exact: true }).getAttribute('aria-current')).toBe('true');
    await shot(page, 'virtual-store-aisles');

    // A camera hotspot in view opens the live view of that camera, on the playback page.
    const camera = page.locator('[data-testid^="pano-camera-"]:visible').first();
    await camera.waitFor({ timeout: 20_000 });
    const cameraId = ((await camera.getAttribute('data-testid')) ?? '').replace('pano-camera-', '');
    expect(cameraId).not.toBe('');
    await camera.click();
    await page.waitForURL((url) => url.pathname === '/playback' && url.searchParams.get('cameraId') === cameraId, { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('shopId')).toBeTruthy();
    await context.close();
  });

  it('an observer watches the tour without the editor; an administrator sees it', async () => {
    const { context, page } = await signedInPage(browser, DEMO.observer.account, DEMO.observer.password);
    await page.goto(TOUR);
    await expect.poll(() => heading(page).innerText(), { timeout: 20_000 }).toContain('Entrance');
    expect(await page.getByTestId('pano-edit-toggle').count()).toBe(0);
    await context.close();

    const admin = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await admin.page.goto(TOUR);
    await admin.page.getByTestId('pano-edit-toggle').click();
    await admin.page.getByTestId('pano-editor').waitFor();
    await expect.poll(() => admin.page.getByTestId('pano-hotspot-row').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    await shot(admin.page, 'virtual-store-editor');
    await admin.context.close();
  });
});
