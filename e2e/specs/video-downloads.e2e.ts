import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { probeDuration } from '../../apps/server/src/modules/video/ffmpeg.ts';
import { fmp4Layout } from '../../apps/server/src/modules/video/fmp4.ts';
import { createSegmentIndex } from '../../apps/server/src/modules/video/segment-index.ts';
import { makeSyntheticClip, segmentClip } from '../../apps/server/src/modules/video/synthetic-source.ts';
import { type DB, openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { localObjectStorage } from '../../apps/server/src/platform/storage/storage-config.ts';
import { shot, signedInPage } from '../support/admin.ts';
import { typeRange } from '../support/analytics.ts';
import { axeFindings } from '../support/axe.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';

/**
 * Video download tasks and single-lens analysis in Chromium. The demo runs without video here
 * (DEMO_VIDEO=false), so the spec records one camera itself through the server's own services: a
 * minute of synthetic clip cut into 2-second segments and indexed in the server's database and
 * video storage, two hours ago. The camera is the demo customer's line camera with the most traffic.
 */
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const FFPROBE = process.env.FFPROBE_PATH ?? '/usr/bin/ffprobe';

let browser: Browser;
let db: DB;
let close: () => Promise<void>;
let work: string;
let cameraId: string;
let timeZone: string;
let recordedFrom: number;

const pad = (value: number) => String(value).padStart(2, '0');
/** The browser's (and this process's) local time, as the range picker takes it. */
const localText = (ms: number) => {
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};

beforeAll(async () => {
  browser = await launchBrowser();
  const dataDir = inject('dataDir');
  ({ db, close } = openDatabase({ databaseUrl: null, dataDir }));
  const busiest = await db
    .selectFrom('traffic_entrance_daily')
    .innerJoin('customers', 'customers.id', 'traffic_entrance_daily.customer_id')
    .innerJoin('shops', (join) =>
      join.onRef('shops.customer_id', '=', 'traffic_entrance_daily.customer_id').onRef('shops.id', '=', 'traffic_entrance_daily.shop_id'),
    )
    .select((eb) => [
      'traffic_entrance_daily.customer_id',
      'traffic_entrance_daily.camera_id',
      'shops.time_zone',
      eb.fn.sum<number>('traffic_entrance_daily.entries').as('entries'),
    ])
    .where('customers.name', '=', 'Demo Retail')
    .groupBy(['traffic_entrance_daily.customer_id', 'traffic_entrance_daily.camera_id', 'shops.time_zone'])
    .orderBy('entries', 'desc')
    .executeTakeFirstOrThrow();
  cameraId = busiest.camera_id;
  timeZone = busiest.time_zone;
  work = await fsp.mkdtemp(path.join(os.tmpdir(), 'storelens-e2e-downloads-'));
  const clip = path.join(work, 'clip.mp4');
  await makeSyntheticClip(FFMPEG, clip, { label: 'E2E DOWNLOAD', seconds: 60, keyframeSeconds: 2, fps: 5 });
  const index = createSegmentIndex({ db, storage: localObjectStorage(dataDir) });
  recordedFrom = Math.floor((Date.now() - 2 * 3_600_000) / 1000) * 1000;
  for (const piece of await segmentClip(FFMPEG, clip, await fsp.mkdtemp(path.join(work, 'seg-')), 2))
    await index.add({
      customerId: busiest.customer_id,
      cameraId,
      runId: `e2e-${recordedFrom}`,
      file: piece.file,
      startMs: recordedFrom + Math.round(piece.startS * 1000),
      endMs: recordedFrom + Math.round(piece.endS * 1000),
      layout: await fmp4Layout(piece.file),
    });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await close?.();
  if (work) await fsp.rm(work, { recursive: true, force: true });
});

describe('video download tasks', () => {
  it('a task becomes generated and the downloaded MP4 lasts the requested range (ffprobe)', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto('/download');
    await page.getByTestId('download-cameras').click();
    await page.getByTestId(`camera-choice-${cameraId}`).click();
    await page.keyboard.press('Escape');
    // 40 seconds from 5 seconds into the recording (not on a keyframe: the cut is frame-accurate).
    await typeRange(page, 'download-range', localText(recordedFrom + 5000), localText(recordedFrom + 45_000));
    await page.getByTestId('download-add').click();

    const row = page.getByTestId('download-list').locator('tbody tr.ant-table-row').first();
    const status = row.locator('[data-testid^="download-status-"]');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 60_000 }).toBe('generated');
    const id = ((await status.getAttribute('data-testid')) ?? '').replace('download-status-', '');
    await shot(page, 'video-downloads-generated');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`download-save-${id}`).click()]);
    const file = path.join(work, 'downloaded.mp4');
    await download.saveAs(file);
    expect(Math.abs((await probeDuration(FFPROBE, file)) - 40)).toBeLessThanOrEqual(0.2);

    // The detail page: its fields and the recorded seconds.
    await page.getByTestId(`download-detail-${id}`).click();
    await expect.poll(() => page.getByTestId('download-recorded').innerText(), { timeout: 20_000 }).toContain('40');
    expect((await axeFindings(page)).filter((finding) => finding.impact !== 'minor').map((finding) => `${finding.impact} ${finding.rule}`)).toEqual([]);
    await context.close();
  }, 180_000);
});

describe('single-lens analysis', () => {
  it('shows the camera’s hourly and daily charts and the day’s keyframes; a keyframe plays the tile from there, and its link opens the playback there', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto('/monophonic/areaStatistics');
    await page.getByTestId('single-lens-camera').click();
    await page.getByTestId(`camera-choice-${cameraId}`).click();
    // The shop-local day of the recording.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(recordedFrom));
    const dayInput = page.getByTestId('single-lens-day').locator('input');
    await dayInput.click();
    await dayInput.fill(day);
    await dayInput.press('Enter');

    await expect.poll(() => page.getByTestId('single-lens-daily').getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    expect(await page.getByTestId('single-lens-daily-empty').count()).toBe(0);
    // The recording's day is today in the store, so before it opens (CI after 16:00 UTC is the
    // small hours in Shanghai) the day has no counts yet: its hours show the chart or its empty state.
    await page.locator('[data-testid="single-lens-hourly-figure"], [data-testid="single-lens-hourly-empty"]').first().waitFor();
    const thumbnail = page.getByTestId('single-lens-thumbnail').first();
    await thumbnail.locator('img').waitFor({ timeout: 30_000 });
    expect(await thumbnail.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
    await shot(page, 'single-lens');
    // With charts and thumbnails drawn (the accessibility spec sees the page before a camera is chosen).
    const findings = await axeFindings(page);
    expect(findings.filter((finding) => finding.impact !== 'minor').map((finding) => `${finding.impact} ${finding.rule}: ${finding.nodes.join(', ')}`)).toEqual(
      [],
    );
    expect(Date.parse((await thumbnail.getAttribute('data-at')) ?? '')).toBe(recordedFrom);
    await thumbnail.click();
    await expect.poll(() => page.getByTestId('video-tile-0').getAttribute('data-state'), { timeout: 30_000 }).toBe('playing');
    // The playback page at the tile's instant: within the minute recorded (`at`, what that page reads).
    await page.getByTestId('single-lens-open-playback').click();
    await page.waitForURL((url) => url.pathname === '/playback' && url.searchParams.get('cameraId') === cameraId, { timeout: 20_000 });
    const at = Date.parse(new URL(page.url()).searchParams.get('at') ?? '');
    expect(at >= recordedFrom && at < recordedFrom + 60_000).toBe(true);
    await context.close();
  }, 120_000);
});
