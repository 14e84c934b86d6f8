import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { ensureWebBuild, signInOnPage, startBuiltServer } from './bench-server.ts';
import { printTable } from './support.ts';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ADMIN = { account: 'admin@storelens.demo', password: 'Storelens#2026' };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/**
 * Arms the first tile: resolves (in the page) with the milliseconds from now until the tile plays a
 * new picture: its state turns to 'playing' after having been anything else (switching from live to
 * playback passes through loading) with a decoded frame. Polled each animation frame; 30 s at most.
 */
// A script, not a function: tsx compiles this file with named helpers (__name) the page lacks.
const ARM_FIRST_FRAME = `(() => {
  const started = performance.now();
  window.__firstFrame = new Promise((resolve, reject) => {
    let left = false;
    const check = () => {
      const tile = document.querySelector('[data-testid="video-tile-0"]');
      const video = tile && tile.querySelector('video');
      const playing = tile && tile.getAttribute('data-state') === 'playing' && video && video.readyState >= 2;
      if (!playing) left = true;
      else if (left) return resolve(performance.now() - started);
      if (performance.now() - started > 30000) return reject(new Error('no frame in 30 s'));
      requestAnimationFrame(check);
    };
    check();
  });
})()`;

async function armFirstFrame(page: Page): Promise<void> {
  await page.evaluate(ARM_FIRST_FRAME);
}
const firstFrameMs = (page: Page) => page.evaluate<number>('window.__firstFrame');

async function openPlayback(page: Page, cameraId: string): Promise<void> {
  await page.goto('/playback');
  await page.getByTestId(`camera-node-${cameraId}`).waitFor({ timeout: 30_000 });
}

/**
 * Time to first frame of the live view and of playback in headless Chromium (from choosing the
 * camera, or switching to playback, to the first frame presented), and the time of a seek within a
 * 24-hour range (a click on the axis's day row until the clock shows that bucket), against the built
 * server and web app with the demo's video (one camera recording, as in the demo).
 */
export async function runPlayerBench(samples: number): Promise<void> {
  ensureWebBuild();
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'storelens-player-bench-'));
  const server = await startBuiltServer(
    dataDir,
    { APP_MODE: 'production', DEMO_HISTORY_DAYS: '2', DEMO_VIDEO: 'true', DEMO_VIDEO_CAMERAS: '2', DEMO_VIDEO_CONTINUOUS: '1' },
    300_000,
  );
  let browser: Browser | undefined;
  try {
    const dir = path.join(dataDir, fs.readdirSync(dataDir).find((name) => /^\d+$/.test(name)) ?? '');
    const streams = JSON.parse(await fsp.readFile(path.join(dir, 'demo-video', 'streams.json'), 'utf8')) as { cameraId: string; record: string }[];
    const cameraId = streams.find((stream) => stream.record === 'continuous')?.cameraId ?? '';
    browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInOnPage(page, ADMIN.account, ADMIN.password);

    const live: number[] = [];
    const playback: number[] = [];
    const seeks: number[] = [];
    for (let run = 0; run < samples; run += 1) {
      await openPlayback(page, cameraId);
      await armFirstFrame(page);
      await page.getByTestId(`camera-node-${cameraId}`).click();
      live.push(await firstFrameMs(page));

      await armFirstFrame(page);
      await page.getByTestId('video-mode').getByText('Playback', { exact: true }).click();
      playback.push(await firstFrameMs(page));

      // A seek within the day's 24 hours: a bucket of the demo's history (the hours before the seed).
      const dayRow = page.getByTestId('video-axis-day');
      await dayRow.waitFor();
      const from = Date.parse((await page.getByTestId('video-axis').getAttribute('data-from')) ?? '');
      const first = Number(await dayRow.getAttribute('data-first-bucket'));
      const box = await dayRow.boundingBox();
      const candidates = Array.from({ length: 144 }, (_, k) => k).filter((k) => {
        const at = from + (first + k) * 600_000;
        return at > Date.now() - 40 * 3_600_000 && at < Date.now() - 2 * 3_600_000;
      });
      const k = candidates[(run * 7) % Math.max(1, candidates.length)];
      if (!box || k === undefined) continue;
      const bucketStart = from + (first + k) * 600_000;
      const started = Date.now();
      await dayRow.click({ position: { x: ((k + 0.5) / 144) * box.width, y: box.height / 2 } });
      await page.waitForFunction(
        (start) => {
          const ms = Number(document.querySelector('[data-testid="playback-clock"]')?.getAttribute('data-ms'));
          const state = document.querySelector('[data-testid="video-tile-0"]')?.getAttribute('data-state');
          return state === 'playing' && ms >= start && ms < start + 600_000;
        },
        bucketStart,
        { timeout: 30_000, polling: 'raf' },
      );
      seeks.push(Date.now() - started);
    }
    const row = (name: string, values: number[], target: number) => [
      name,
      String(values.length),
      median(values).toFixed(0),
      Math.max(...values).toFixed(0),
      String(target),
      median(values) <= target ? 'yes' : 'NO',
    ];
    printTable(
      ['player in headless Chromium', 'runs', 'median ms', 'max ms', 'target ms', 'met'],
      [
        row('live: camera chosen -> first frame', live, 1500),
        row('playback: started -> first frame', playback, 1500),
        row('seek within 24 h -> playing there', seeks, 500),
      ],
    );
  } finally {
    await browser?.close();
    server.stop();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}
