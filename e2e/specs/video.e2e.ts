import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chooseOption, shot, signedInPage, textBox } from '../support/admin.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';

/**
 * Live view and playback (/playback) in Chromium against the demo's real video: its first cameras
 * record continuously from real streams (the live view taps the recorder), and every demo camera
 * with video has two days of history (global-setup: DEMO_VIDEO_CAMERAS, DEMO_VIDEO_CONTINUOUS).
 */
interface DemoStream {
  cameraId: string;
  record: 'continuous' | 'onDemand';
}
let browser: Browser;
let streams: DemoStream[];
beforeAll(async () => {
  browser = await launchBrowser();
  streams = JSON.parse(fs.readFileSync(path.join(inject('dataDir'), 'demo-video', 'streams.json'), 'utf8')) as DemoStream[];
});
afterAll(async () => browser?.close());

const continuous = () => streams.find((stream) => stream.record === 'continuous')?.cameraId ?? '';
const onDemand = () => streams.find((stream) => stream.record === 'onDemand')?.cameraId ?? '';

const tile = (page: Page, index = 0) => page.getByTestId(`video-tile-${index}`);
const currentTime = (page: Page, index = 0) =>
  tile(page, index)
    .locator('video')
    .evaluate((video: HTMLVideoElement) => video.currentTime);
const clockMs = async (page: Page) => Number((await page.getByTestId('playback-clock').getAttribute('data-ms')) || 'NaN');

/** Waits until the tile's video advances by more than a second: frames are being played, not a still. */
async function expectPlaying(page: Page, index = 0): Promise<void> {
  await expect.poll(() => tile(page, index).getAttribute('data-state'), { timeout: 30_000 }).toBe('playing');
  const start = await currentTime(page, index);
  await expect.poll(() => currentTime(page, index), { timeout: 20_000 }).toBeGreaterThan(start + 1);
}

async function playFrom(page: Page, atMs: number): Promise<void> {
  const input = textBox(page, 'playback-start');
  await input.click();
  const local = new Date(atMs - new Date(atMs).getTimezoneOffset() * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  // The picker takes the typed value on Enter; the page then seeks (the clock jumps to the instant at
  // once). While a playback is still playing its ticking clock can overwrite the text before Enter
  // lands (seen in CI): type again until the picker holds the instant.
  await expect
    .poll(
      async () => {
        if ((await input.inputValue()) === local) return true;
        await input.click();
        await input.fill(local);
        await input.press('Enter');
        await page.waitForTimeout(300);
        return (await input.inputValue()) === local;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await expect.poll(async () => Math.abs((await clockMs(page)) - atMs) < 60_000, { timeout: 10_000 }).toBe(true);
}

/** What a switch to another tab does to the page: visibilityState reads hidden and visibilitychange fires. */
async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

async function openPlayback(page: Page, cameraId: string): Promise<void> {
  await page.goto(`/playback?cameraId=${cameraId}`);
  await tile(page).getByRole('button', { name: /·/ }).waitFor({ timeout: 20_000 });
  await page.getByTestId('video-mode').getByText('Playback', { exact: true }).click();
  await page.getByTestId('video-axis').waitFor();
}

describe('live view and playback', () => {
  it('plays a camera live in tile 1 from the tour’s link (one pull: the recorder’s), an on-demand camera beside it, and an offline camera’s message instead of a black tile', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(`/playback?shopId=x&cameraId=${continuous()}`);
    await expectPlaying(page);
    await shot(page, 'video-live');

    // A second layout: four tiles, a camera that records only on demand dropped into tile 2: its
    // stream starts for the viewer.
    await page.getByTestId('video-layout').getByText('4', { exact: true }).click();
    await page.getByTestId(`camera-node-${onDemand()}`).dragTo(tile(page, 1));
    await expectPlaying(page, 1);
    // A camera without video (the demo gives video to its first cameras only) into tile 3.
    const withVideo = new Set(streams.map((stream) => stream.cameraId));
    const shown = await page.locator('[data-testid^="camera-node-"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid') ?? ''));
    const dark = shown.map((id) => id.replace('camera-node-', '')).find((id) => !withVideo.has(id));
    if (!dark) throw new Error('no camera without video in the tree');
    await page.getByTestId(`camera-node-${dark}`).dragTo(tile(page, 2));
    await expect.poll(() => tile(page, 2).textContent(), { timeout: 30_000 }).toContain('The camera is offline');
    await shot(page, 'video-live-grid');
    // Tile 1 keeps playing.
    await expectPlaying(page, 0);
    await context.close();
  });

  it('plays yesterday from the chosen time, seeks where the time axis is clicked, and refuses 31 days ago with the spec’s message', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await openPlayback(page, continuous());
    // Yesterday, on a whole minute.
    const chosen = Math.floor((Date.now() - 26 * 3_600_000) / 60_000) * 60_000;
    await playFrom(page, chosen);
    await expectPlaying(page);
    // The clock shows the recording's time: from the chosen instant on (within the few seconds played).
    const within = (at: number, fromMs: number, spanMs: number) => at >= fromMs && at < fromMs + spanMs;
    await expect.poll(async () => within(await clockMs(page), chosen, 30_000), { timeout: 20_000 }).toBe(true);
    await shot(page, 'video-playback-yesterday');

    // The axis: its day row shows the playing day's 144 buckets; a bucket of recorded video (the
    // demo's two days) away from the playhead is clicked, and playback continues from that bucket.
    const axis = page.getByTestId('video-axis');
    const from = Date.parse((await axis.getAttribute('data-from')) ?? '');
    const dayRow = page.getByTestId('video-axis-day');
    const first = Number(await dayRow.getAttribute('data-first-bucket'));
    const candidates = Array.from({ length: 144 }, (_, k) => k).filter((k) => {
      const at = from + (first + k) * 600_000;
      return at > Date.now() - 46 * 3_600_000 && at < Date.now() - 3 * 3_600_000 && Math.abs(at - chosen) > 3_600_000;
    });
    const k = candidates[Math.floor(candidates.length / 2)];
    if (k === undefined) throw new Error('no recorded bucket in the day row');
    const box = await dayRow.boundingBox();
    if (!box) throw new Error('no day row');
    await dayRow.click({ position: { x: ((k + 0.5) / 144) * box.width, y: box.height / 2 } });
    const bucketStart = from + (first + k) * 600_000;
    await expect.poll(async () => within(await clockMs(page), bucketStart, 600_000), { timeout: 20_000 }).toBe(true);
    await expectPlaying(page);

    // Beyond the 30-day horizon: the server's refusal, in the tile.
    await playFrom(page, Date.now() - 31 * 86_400_000);
    await expect.poll(() => tile(page).textContent(), { timeout: 20_000 }).toContain('Videos older than 30 days cannot be played');
    await context.close();
  });

  it('offers the nearest recording where nothing was recorded, and plays it', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await openPlayback(page, onDemand());
    // Five days ago: nothing recorded then nor in the 24 hours after (the demo's history is two days;
    // a gap within the playlist's 24 hours would be skipped to its next recording instead).
    await playFrom(page, Math.floor((Date.now() - 5 * 86_400_000) / 60_000) * 60_000);
    await expect.poll(() => tile(page).getAttribute('data-state'), { timeout: 30_000 }).toBe('empty');
    expect(await tile(page).textContent()).toContain('There is no recorded video at this time');
    await shot(page, 'video-playback-nearest');
    await page.getByTestId('video-tile-nearest-0').click();
    await expectPlaying(page);
    await context.close();
  });

  it('stops streaming in a hidden tab (the live socket closes, playback pauses) and goes on when the tab shows again', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    const sockets: import('playwright-core').WebSocket[] = [];
    page.on('websocket', (socket) => sockets.push(socket));
    await page.goto(`/playback?cameraId=${continuous()}`);
    await expectPlaying(page);
    const open = () => sockets.filter((socket) => !socket.isClosed()).length;
    expect(open()).toBe(1);
    await setTabHidden(page, true);
    await expect.poll(open, { timeout: 20_000 }).toBe(0);
    await setTabHidden(page, false);
    await expect.poll(open, { timeout: 20_000 }).toBe(1);
    await expectPlaying(page);

    await page.getByTestId('video-mode').getByText('Playback', { exact: true }).click();
    await page.getByTestId('video-axis').waitFor();
    await expectPlaying(page);
    await setTabHidden(page, true);
    await expect
      .poll(
        () =>
          tile(page)
            .locator('video')
            .evaluate((video: HTMLVideoElement) => video.paused),
        { timeout: 20_000 },
      )
      .toBe(true);
    await setTabHidden(page, false);
    await expectPlaying(page);
    await context.close();
  });

  it('keeps the chosen speed across a reload, and lists the views in the camera live log for administrators', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await openPlayback(page, continuous());
    await chooseOption(page, 'playback-speed', '4x');
    await expectPlaying(page);
    await expect
      .poll(() =>
        tile(page)
          .locator('video')
          .evaluate((video: HTMLVideoElement) => video.playbackRate),
      )
      .toBe(4);
    await page.reload();
    await tile(page).getByRole('button', { name: /·/ }).waitFor({ timeout: 20_000 });
    await page.getByTestId('video-mode').getByText('Playback', { exact: true }).click();
    await expect.poll(() => page.getByTestId('playback-speed').textContent()).toContain('4x');
    await expectPlaying(page);
    expect(
      await tile(page)
        .locator('video')
        .evaluate((video: HTMLVideoElement) => video.playbackRate),
    ).toBe(4);

    await page.getByTestId('watch-log-open').click();
    await expect.poll(() => page.getByTestId('watch-log').textContent(), { timeout: 20_000 }).toMatch(/playback|live/);
    await context.close();

    // The observer watches but is no administrator: no watch log.
    const observer = await signedInPage(browser, DEMO.observer.account, DEMO.observer.password);
    await observer.page.goto('/playback');
    await observer.page.getByTestId('video-grid').waitFor();
    expect(await observer.page.getByTestId('watch-log-open').count()).toBe(0);
    await observer.context.close();
  });
});
