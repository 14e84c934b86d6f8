import fsp from 'node:fs/promises';
import path from 'node:path';
import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import type { LiveTaps } from './live/live-taps.ts';
import { type RecordedSegment, recoverSpool, startRecording } from './recorder.ts';
import type { SegmentIndex } from './segment-index.ts';
import { customerIdsOf, videoRepo } from './video.repo.ts';

export interface RecordedStream {
  customerId: string;
  cameraId: string;
  url: string;
}

export interface SupervisorLog {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

const MAX_BACKOFF_MS = 60_000;
/** A run that lasted this long was healthy: the next failure starts the backoff again from one second. */
const HEALTHY_RUN_MS = 60_000;

/**
 * One ffmpeg recorder per recording camera (the continuous stream sources), restarted with
 * exponential backoff when it dies, re-synchronised with the sources every minute (a new camera
 * starts, a removed one stops, a changed URL restarts), all stopped on close. Before a camera's
 * first run, what a dead process left in its spool is recovered (recorder.ts).
 */
export function createRecordingSupervisor(deps: {
  db: DB;
  index: SegmentIndex;
  ffmpegPath: string;
  ffprobePath: string;
  spoolRoot: string;
  log: SupervisorLog;
  segmentSeconds?: number;
  /** The streams to record; by default the continuous stream sources of every customer. */
  streams?: () => Promise<RecordedStream[]>;
  /** Where each run publishes its live feed (the live relay reads it); none: no live output. */
  liveTaps?: LiveTaps;
}) {
  const running = new Map<string, { stream: RecordedStream; stop: () => Promise<void>; finished: Promise<void> }>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const indexed = new Map<string, number>();

  const allStreams = async (): Promise<RecordedStream[]> => {
    const streams: RecordedStream[] = [];
    for (const { id } of await customerIdsOf(deps.db))
      for (const row of await videoRepo(tenantScope(deps.db, id)).recordedStreams())
        if (row.url) streams.push({ customerId: id, cameraId: row.camera_id, url: row.url });
    return streams;
  };

  function supervise(stream: RecordedStream) {
    const spoolDir = path.join(deps.spoolRoot, stream.cameraId);
    let stopped = false;
    let current: { stop: () => Promise<void> } | undefined;
    let wake: (() => void) | undefined;
    const onSegment = async (segment: RecordedSegment) => {
      await deps.index.add({ customerId: stream.customerId, cameraId: stream.cameraId, ...segment });
      indexed.set(stream.cameraId, (indexed.get(stream.cameraId) ?? 0) + 1);
    };
    const log = (message: string, details: Record<string, unknown> = {}) => deps.log.error(details, message);
    const finished = (async () => {
      await fsp.mkdir(spoolDir, { recursive: true });
      const recovered = await recoverSpool({ spoolDir, ffprobePath: deps.ffprobePath, cameraId: stream.cameraId, onSegment, log });
      if (recovered.indexed + recovered.deleted > 0) deps.log.info({ cameraId: stream.cameraId, ...recovered }, 'recorder spool recovered');
      let failures = 0;
      while (!stopped) {
        const started = Date.now();
        try {
          const taps = deps.liveTaps;
          const run = startRecording({
            ...deps,
            cameraId: stream.cameraId,
            url: stream.url,
            spoolDir,
            onSegment,
            log,
            ...(taps ? { onLiveFeed: (feed: Parameters<LiveTaps['publish']>[1]) => taps.publish(stream.cameraId, feed) } : {}),
          });
          current = run;
          const { code } = await run.done;
          if (stopped) break;
          deps.log.info({ cameraId: stream.cameraId, code }, 'recorder exited; restarting');
        } catch (error) {
          log('recorder failed', { cameraId: stream.cameraId, err: error });
        }
        failures = Date.now() - started > HEALTHY_RUN_MS ? 1 : failures + 1;
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (failures - 1));
        await new Promise<void>((resolve) => {
          const sleeper = setTimeout(resolve, delay);
          wake = () => {
            clearTimeout(sleeper);
            resolve();
          };
        });
      }
    })();
    return {
      stream,
      finished,
      async stop() {
        stopped = true;
        wake?.();
        await current?.stop();
        await finished;
      },
    };
  }

  const keyOf = (stream: RecordedStream) => `${stream.customerId}|${stream.cameraId}`;

  async function refresh(): Promise<void> {
    if (closed) return;
    const wanted = await (deps.streams ?? allStreams)();
    const wantedKeys = new Map(wanted.map((stream) => [keyOf(stream), stream]));
    const stopping: Promise<void>[] = [];
    for (const [key, entry] of running) {
      const want = wantedKeys.get(key);
      if (!want || want.url !== entry.stream.url) {
        running.delete(key);
        stopping.push(entry.stop());
      }
    }
    await Promise.all(stopping);
    for (const [key, stream] of wantedKeys) if (!running.has(key) && !closed) running.set(key, supervise(stream));
  }

  return {
    async start(refreshEveryMs = 60_000): Promise<void> {
      await refresh();
      timer = setInterval(() => void refresh().catch((error: unknown) => deps.log.error({ err: error }, 'recorder refresh failed')), refreshEveryMs);
      timer.unref();
    },
    refresh,
    /** Cameras being recorded now. */
    cameras: () => [...running.values()].map((entry) => entry.stream.cameraId),
    /** Segments indexed by this supervisor, per camera (tests and the benchmark wait on it). */
    indexedCount: (cameraId: string) => indexed.get(cameraId) ?? 0,
    async stop(): Promise<void> {
      closed = true;
      if (timer) clearInterval(timer);
      const entries = [...running.values()];
      running.clear();
      await Promise.all(entries.map((entry) => entry.stop()));
    },
  };
}
export type RecordingSupervisor = ReturnType<typeof createRecordingSupervisor>;
