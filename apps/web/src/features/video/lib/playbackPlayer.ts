import { VIDEO, videoOperations } from '@storelens/contracts';
import type Hls from 'hls.js';
import { http } from '../../../shared/lib/http.ts';
import { operationUrl } from '../../../shared/lib/operations.ts';
import { reportStopOnPageHide, reportWatchStop, type WatchStop } from './watchStop.ts';

export type PlaybackState = { kind: 'loading' } | { kind: 'playing' } | { kind: 'paused' } | { kind: 'refused'; message: string } | { kind: 'empty' };

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The range a playlist is asked for: from the instant on, up to 24 hours (what the server writes at
 * most) and not past now. Every seek asks again from its instant: hls.js re-times fragments as
 * it appends them (each demo loop and each recorder restart starts its timestamps again), so a
 * position computed from a playlist already playing can land minutes off, while a fresh playlist's
 * start is exact. An instant beyond the 30-day horizon is asked for anyway: the server's refusal is
 * what is shown.
 */
export function playlistWindow(atMs: number, nowMs: number): { fromMs: number; toMs: number } {
  if (atMs < nowMs - VIDEO.playableDays * DAY_MS) return { fromMs: atMs, toMs: atMs + 600_000 };
  return { fromMs: atMs, toMs: Math.max(atMs + 60_000, Math.min(atMs + 24 * HOUR_MS, nowMs)) };
}

interface Fragment {
  start: number;
  duration: number;
  programDateTime: number | null;
}

/**
 * Where on the media timeline a wall-clock instant plays: inside the segment holding it, or at the
 * start of the next one (a gap is skipped). Null: after the last segment.
 */
export function positionOf(fragments: readonly Fragment[], atMs: number): number | null {
  for (const fragment of fragments) {
    if (fragment.programDateTime === null) continue;
    const endMs = fragment.programDateTime + fragment.duration * 1000;
    if (atMs < fragment.programDateTime) return fragment.start;
    if (atMs < endMs) return fragment.start + (atMs - fragment.programDateTime) / 1000;
  }
  return null;
}

export interface PlaybackHandle {
  setSpeed(speed: number): void;
  /** The wall-clock instant being shown, or null before the first frame. */
  playingMs(): number | null;
  range: { fromMs: number; toMs: number };
  /** Off screen or in a hidden tab: paused and no more segments fetched until `resume`. */
  suspend(): void;
  resume(): void;
  destroy(): void;
}

/** The envelope message of a failed playlist request (hls.js loads it by XHR). */
function refusalOf(details: unknown): string | null {
  const text = (details as { responseText?: unknown } | null)?.responseText;
  if (typeof text !== 'string') return null;
  try {
    const envelope = JSON.parse(text) as { msg?: unknown };
    return typeof envelope.msg === 'string' ? envelope.msg : null;
  } catch {
    return null;
  }
}

/**
 * Plays a camera's recordings with hls.js (loaded on demand) from an instant: the playlist covers
 * the window around it, the player starts exactly there (the segment holding it, or the next one),
 * gaps are skipped, the chosen speed applies.
 */
export async function startPlayback(
  video: HTMLVideoElement,
  input: { cameraId: string; atMs: number; nowMs: number; speed: number },
  onState: (state: PlaybackState) => void,
): Promise<PlaybackHandle> {
  const { default: HlsClass } = await import('hls.js');
  const range = playlistWindow(input.atMs, input.nowMs);
  const hls: Hls = new HlsClass({
    autoStartLoad: false,
    // The segments answer with the session: its headers go with every request (never in a URL).
    xhrSetup: (xhr) => {
      for (const [name, value] of Object.entries(http.sessionHeaders())) xhr.setRequestHeader(name, value);
    },
  });
  onState({ kind: 'loading' });
  hls.on(HlsClass.Events.LEVEL_LOADED, (_event, data) => {
    if (data.details.fragments.length === 0) {
      onState({ kind: 'empty' });
      return;
    }
    const position = positionOf(data.details.fragments, input.atMs);
    if (position === null) onState({ kind: 'empty' });
    else hls.startLoad(position);
  });
  hls.on(HlsClass.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    const message = refusalOf(data.networkDetails);
    if (message) onState({ kind: 'refused', message });
    else onState({ kind: 'empty' });
  });
  // The tile's video element outlives this player (a seek to another window makes a new one).
  const listening = new AbortController();
  const { signal } = listening;
  video.addEventListener('playing', () => onState({ kind: 'playing' }), { signal });
  video.addEventListener('pause', () => onState({ kind: 'paused' }), { signal });
  let speed = input.speed;
  video.addEventListener(
    'canplay',
    () => {
      video.playbackRate = speed;
      if (video.paused) void video.play().catch(() => undefined);
    },
    { signal },
  );
  hls.loadSource(
    operationUrl(videoOperations.playbackRecord, {
      cameraId: input.cameraId,
      start: new Date(range.fromMs).toISOString(),
      end: new Date(range.toMs).toISOString(),
    }),
  );
  hls.attachMedia(video);
  const stopReport = (): WatchStop => {
    const reached = hls.playingDate;
    return {
      mode: 'playback',
      cameraId: input.cameraId,
      start: new Date(range.fromMs).toISOString(),
      end: new Date(range.toMs).toISOString(),
      reached: reached ? reached.toISOString() : null,
    };
  };
  const removePageHide = reportStopOnPageHide(stopReport);
  let suspended = false;
  return {
    range,
    setSpeed(chosen) {
      speed = chosen;
      video.playbackRate = chosen;
    },
    playingMs() {
      const date = hls.playingDate;
      return date ? date.getTime() : null;
    },
    suspend() {
      if (suspended) return;
      suspended = true;
      video.pause();
      // hls.js would otherwise keep filling its buffer ahead of a picture nobody sees.
      hls.stopLoad();
    },
    resume() {
      if (!suspended) return;
      suspended = false;
      // -1: from where the media element stands, not the playlist's start.
      hls.startLoad(-1);
      void video.play().catch(() => undefined);
    },
    destroy() {
      removePageHide();
      reportWatchStop(stopReport());
      listening.abort();
      hls.destroy();
    },
  };
}
