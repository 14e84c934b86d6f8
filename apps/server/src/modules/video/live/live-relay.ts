import { type ChildProcess, spawn } from 'node:child_process';
import { LIVE } from '@storelens/contracts';
import { checkedStreamUrl, inputOptionsFor } from '../stream-url.ts';
import { createFmp4Feed, type FeedListener, type Fmp4Feed, LIVE_MP4_OUTPUT } from './fmp4-feed.ts';
import type { LiveTaps } from './live-taps.ts';

interface Pull {
  feed: Fmp4Feed;
  child: ChildProcess;
  stopTimer?: NodeJS.Timeout;
}

/** No init part this long after a pull started: the camera counts as offline. */
const FIRST_BYTES_TIMEOUT_MS = 15_000;

/**
 * Live video for any number of viewers with one upstream pull per camera: a camera this process
 * records is read from its recorder's tap; any other camera is pulled on demand by one ffmpeg
 * (stream copy into fMP4 on stdout), shared by its viewers and stopped a grace period after the
 * last one leaves.
 */
export function createLiveRelay(deps: {
  ffmpegPath: string;
  taps: LiveTaps;
  graceMs?: number;
  log?: (message: string, details: Record<string, unknown>) => void;
}) {
  const pulls = new Map<string, Pull>();
  const graceMs = deps.graceMs ?? LIVE.pullGraceMs;
  let started = 0;

  function stop(cameraId: string, pull: Pull) {
    if (pulls.get(cameraId) === pull) pulls.delete(cameraId);
    clearTimeout(pull.stopTimer);
    if (pull.child.exitCode === null && pull.child.signalCode === null) pull.child.kill('SIGTERM');
    pull.feed.end();
  }

  function startPull(cameraId: string, url: string): Pull {
    const feed = createFmp4Feed();
    const checked = checkedStreamUrl(url);
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      ...inputOptionsFor(checked ?? ''),
      '-i',
      checked ?? '',
      '-map',
      '0:v:0',
      '-c',
      'copy',
      ...LIVE_MP4_OUTPUT,
      'pipe:1',
    ];
    const child = spawn(deps.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const pull: Pull = { feed, child };
    started += 1;
    const firstBytes = setTimeout(() => {
      if (!feed.initialized) stop(cameraId, pull);
    }, FIRST_BYTES_TIMEOUT_MS);
    child.stdout?.on('data', (chunk: Buffer) => feed.push(chunk));
    child.on('error', (error) => deps.log?.('live pull did not start', { cameraId, err: error }));
    child.on('close', () => {
      clearTimeout(firstBytes);
      stop(cameraId, pull);
    });
    pulls.set(cameraId, pull);
    return pull;
  }

  return {
    /**
     * Adds a viewer of a camera; the listener gets the init part, the current group of pictures,
     * then each fragment, and `end` when the stream stops. Returns the function that removes it.
     */
    watch(camera: { cameraId: string; url: string }, listener: FeedListener): () => void {
      const tapped = deps.taps.feed(camera.cameraId);
      if (tapped) return tapped.listen(listener);
      let pull = pulls.get(camera.cameraId);
      if (!pull || pull.feed.ended) pull = startPull(camera.cameraId, camera.url);
      clearTimeout(pull.stopTimer);
      const current = pull;
      const unlisten = current.feed.listen(listener);
      return () => {
        unlisten();
        if (current.feed.listeners() === 0 && !current.feed.ended) {
          clearTimeout(current.stopTimer);
          current.stopTimer = setTimeout(() => stop(camera.cameraId, current), graceMs);
          current.stopTimer.unref();
        }
      };
    },
    /** Upstream pulls started by the relay since it was made (the recorder's taps are not counted: they cost no extra pull). */
    pullsStarted: () => started,
    /** Cameras pulled by the relay now. */
    activePulls: () => [...pulls.keys()],
    close() {
      for (const [cameraId, pull] of [...pulls]) stop(cameraId, pull);
    },
  };
}
export type LiveRelay = ReturnType<typeof createLiveRelay>;
