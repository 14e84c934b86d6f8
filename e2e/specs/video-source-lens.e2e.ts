import fs from 'node:fs';
import path from 'node:path';
import { translateMessage } from '@storelens/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DB, openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { messageShown, rowWith, shot, signedInPage, textBox } from '../support/admin.ts';
import { daysAgo } from '../support/analytics.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';

/**
 * Issue 12 in the web app: a camera's video source set on its page (and its password never shown
 * back), and the single-lens page's playback tile started from a clicked keyframe, against the
 * demo's real video (global-setup: DEMO_VIDEO_CAMERAS, DEMO_VIDEO_CONTINUOUS).
 */
let browser: Browser;
let db: DB;
let close: () => Promise<void>;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ db, close } = openDatabase({ databaseUrl: null, dataDir: inject('dataDir') }));
});
afterAll(async () => {
  await browser?.close();
  await close?.();
});

/** A camera of the third demo store: no demo video there, so no spec watches it live. */
const CAMERA = 'SH-003-C1';
const ADDRESS = 'rtsp://127.0.0.1:8554/e2e-source';
const WITH_PASSWORD = 'rtsp://viewer:S3cret-e2e@127.0.0.1:8554/e2e-source';

const sourceUrl = (page: Page) => textBox(page, 'video-source-url');
const checkedRecord = (page: Page) => page.getByTestId('video-source-record').locator('.ant-radio-wrapper-checked').innerText();

describe('a camera’s video source', () => {
  it('is set on the camera’s page: the server’s check and words, the address saved, its password kept but never shown', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    // The way an administrator goes: camera management, the camera's name, its page.
    await page.goto('/settings/cameraMng');
    await page.getByTestId('camera-table').locator('tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    await textBox(page, 'device-search').fill(CAMERA);
    await expect.poll(() => rowWith(page, 'camera-table', CAMERA).count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId(`camera-link-${CAMERA}`).click();
    await page.waitForURL((url) => url.pathname === '/deviceManagement/cameraDetail');
    const cameraId = new URL(page.url()).searchParams.get('cameraId') ?? '';
    const card = page.getByTestId('video-source-card');
    await sourceUrl(page).waitFor({ timeout: 20_000 });

    // Not a stream address: refused on the field with the server's message, nothing sent.
    await sourceUrl(page).fill('file:///etc/passwd');
    await page.getByTestId('video-source-save').click();
    await expect.poll(() => card.innerText()).toContain(translateMessage('en', 'errors.videoSourceUrl'));

    await sourceUrl(page).fill(WITH_PASSWORD);
    await page.getByTestId('video-source-record').getByText('On demand', { exact: false }).click();
    await page.getByTestId('video-source-save').click();
    await messageShown(page, 'Video source saved');
    // The field shows the answer: the address without its user and password.
    await expect.poll(() => sourceUrl(page).inputValue()).toBe(ADDRESS);

    // Read back after a reload: what the server keeps, as its page shows it.
    await page.reload();
    await sourceUrl(page).waitFor({ timeout: 20_000 });
    await expect.poll(() => sourceUrl(page).inputValue()).toBe(ADDRESS);
    expect(await checkedRecord(page)).toContain('On demand');
    expect(await page.content()).not.toContain('S3cret-e2e');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'camera-video-source');

    // Saved again with the address as shown: the stored password stays (the form leaves the address out).
    await page.getByTestId('video-source-save').click();
    await messageShown(page, 'Video source saved');
    const stored = await db.selectFrom('video_sources').select(['url', 'record', 'kind']).where('camera_id', '=', cameraId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ url: WITH_PASSWORD, record: 'onDemand', kind: 'stream' });
    const detailUrl = page.url();
    await context.close();

    // The observer may see the camera's device state, not its source.
    const observer = await signedInPage(browser, DEMO.observer.account, DEMO.observer.password);
    await observer.page.goto(detailUrl);
    await observer.page.getByTestId('camera-detail').waitFor({ timeout: 20_000 });
    expect(await observer.page.getByTestId('video-source-card').count()).toBe(0);
    await observer.context.close();
  });
});

describe('single-lens analysis with its video', () => {
  it('plays the chosen camera’s day beside the charts, from a keyframe when one is clicked', async () => {
    const streams = JSON.parse(fs.readFileSync(path.join(inject('dataDir'), 'demo-video', 'streams.json'), 'utf8')) as { cameraId: string; record: string }[];
    const camera = streams.find((stream) => stream.record === 'continuous')?.cameraId ?? '';
    // The store's zone: the page's day is the store's day.
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, 'en', 'Asia/Shanghai');
    await page.goto(`/monophonic/areaStatistics?cameraId=${camera}`);
    // The store's yesterday: a whole day of the demo's two days of history (its today has only the
    // hours since the store's midnight, one or two of them when CI runs just after 16:00 UTC).
    const dayInput = page.getByTestId('single-lens-day').locator('input');
    await dayInput.click();
    await dayInput.fill(daysAgo(1, 'Asia/Shanghai'));
    await dayInput.press('Enter');
    const tile = page.getByTestId('video-tile-0');
    const video = tile.locator('video');
    const currentTime = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
    const clockMs = async () => Number((await page.getByTestId('single-lens-clock').getAttribute('data-ms')) || 'NaN');

    // The day opens at its first keyframe, playing.
    await expect.poll(() => tile.getAttribute('data-state'), { timeout: 30_000 }).toBe('playing');
    const thumbnails = page.getByTestId('single-lens-thumbnail');
    await expect.poll(() => thumbnails.count(), { timeout: 30_000 }).toBeGreaterThan(2);
    const count = await thumbnails.count();
    // A keyframe of the middle of the day (not the first, which the tile already plays).
    const chosen = thumbnails.nth(Math.floor(count / 2));
    const at = Date.parse((await chosen.getAttribute('data-at')) ?? '');
    await chosen.click();
    await expect.poll(() => chosen.getAttribute('aria-pressed')).toBe('true');
    // The tile plays from that instant: its clock (the player's) moves past it, and its video's time advances.
    await expect.poll(async () => (await clockMs()) > at && (await clockMs()) < at + 60_000, { timeout: 30_000 }).toBe(true);
    await expect.poll(() => tile.getAttribute('data-state'), { timeout: 30_000 }).toBe('playing');
    const start = await currentTime();
    await expect.poll(currentTime, { timeout: 20_000 }).toBeGreaterThan(start + 1);
    await page.locator('[data-testid="single-lens-hourly-figure"], [data-testid="single-lens-hourly-empty"]').first().waitFor();
    await shot(page, 'single-lens-video');

    // The link opens the playback page where the tile stands.
    await page.getByTestId('single-lens-open-playback').click();
    await page.waitForURL((url) => url.pathname === '/playback' && url.searchParams.get('cameraId') === camera, { timeout: 20_000 });
    const linked = Date.parse(new URL(page.url()).searchParams.get('at') ?? '');
    expect(linked >= at && linked < at + 120_000).toBe(true);
    await context.close();
  });
});
