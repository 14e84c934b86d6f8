import { type LiveControl, liveOperations } from '@storelens/contracts';
import { isHttpError } from '../../../shared/lib/http.ts';
import { callOperation } from '../../../shared/lib/operations.ts';
import { reportStopOnPageHide, reportWatchStop } from './watchStop.ts';

export type LiveState = { kind: 'connecting' } | { kind: 'playing' } | { kind: 'offline' } | { kind: 'refused'; message: string };

/** The codec string MSE needs, read from the init part's avcC box (profile, compatibility, level). */
export function codecOf(init: Uint8Array): string {
  for (let index = 4; index + 8 < init.length; index += 1) {
    // 'avcC'
    if (init[index] === 0x61 && init[index + 1] === 0x76 && init[index + 2] === 0x63 && init[index + 3] === 0x43) {
      const hex = (value: number | undefined) => (value ?? 0).toString(16).padStart(2, '0');
      return `avc1.${hex(init[index + 5])}${hex(init[index + 6])}${hex(init[index + 7])}`;
    }
  }
  return 'avc1.42e01e';
}

/** Behind the live edge by more than this, the player jumps forward (a tab that was slow, a stall). */
const MAX_LAG_S = 1.5;
/** Media kept behind the playhead; older buffer is removed so a long view does not fill memory. */
const KEEP_BEHIND_S = 20;

/**
 * One live tile's player: asks the server for a ticket, opens the WebSocket, and appends the fMP4
 * it receives to a Media Source's buffer, keeping the playhead near the live edge. `stop` closes
 * everything (a tile scrolled away or a hidden tab stops streaming).
 */
export function startLive(video: HTMLVideoElement, cameraId: string, onState: (state: LiveState) => void): () => void {
  let stopped = false;
  let socket: WebSocket | null = null;
  let source: MediaSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  // Each ticket opens a row of the camera live log; the view's end closes it.
  let ticketed = false;
  const removePageHide = reportStopOnPageHide(() => (ticketed ? { mode: 'live', cameraId } : null));

  const connect = async () => {
    onState({ kind: 'connecting' });
    let url: string;
    try {
      url = (await callOperation(liveOperations.liveTicket, { cameraId }, { silent: true })).url;
      ticketed = true;
    } catch (error) {
      if (stopped) return;
      if (isHttpError(error) && error.kind === 'status') onState({ kind: 'refused', message: error.message });
      else retry = setTimeout(() => void connect(), 3000);
      return;
    }
    if (stopped) return;
    const media = new MediaSource();
    source = media;
    video.src = URL.createObjectURL(media);
    const queue: ArrayBuffer[] = [];
    let buffer: SourceBuffer | null = null;
    const pump = () => {
      if (!buffer || buffer.updating || media.readyState !== 'open') return;
      const end = buffer.buffered.length > 0 ? buffer.buffered.end(buffer.buffered.length - 1) : 0;
      const start = buffer.buffered.length > 0 ? buffer.buffered.start(0) : 0;
      if (video.currentTime - start > KEEP_BEHIND_S * 2) {
        buffer.remove(start, video.currentTime - KEEP_BEHIND_S);
        return;
      }
      const next = queue.shift();
      if (next) buffer.appendBuffer(next);
      else if (end - video.currentTime > MAX_LAG_S) video.currentTime = Math.max(start, end - 0.3);
    };
    await new Promise<void>((resolve) => media.addEventListener('sourceopen', () => resolve(), { once: true }));
    if (stopped) return;
    const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}${url}`);
    socket = ws;
    ws.binaryType = 'arraybuffer';
    ws.onmessage = (event) => {
      if (typeof event.data === 'string') {
        const control = JSON.parse(event.data) as LiveControl;
        if (control.type === 'offline') onState({ kind: 'offline' });
        else retry = setTimeout(() => void restart(), 1000);
        return;
      }
      const bytes = event.data as ArrayBuffer;
      if (!buffer) {
        buffer = media.addSourceBuffer(`video/mp4; codecs="${codecOf(new Uint8Array(bytes))}"`);
        buffer.mode = 'segments';
        buffer.addEventListener('updateend', () => {
          pump();
          if (video.paused && buffer && buffer.buffered.length > 0) {
            if (video.currentTime < buffer.buffered.start(0)) video.currentTime = buffer.buffered.start(0);
            void video.play().then(
              () => onState({ kind: 'playing' }),
              () => undefined,
            );
          }
        });
      }
      queue.push(bytes);
      pump();
    };
    ws.onclose = (event) => {
      // 4401: the ticket was refused (used or expired): ask for another; an ordinary end: reconnect too.
      if (!stopped && event.code !== 4000) retry = setTimeout(() => void restart(), 2000);
    };
  };

  const teardown = () => {
    clearTimeout(retry);
    if (ticketed) reportWatchStop({ mode: 'live', cameraId });
    ticketed = false;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close();
    }
    socket = null;
    if (source && source.readyState === 'open') {
      try {
        source.endOfStream();
      } catch {
        // Already ending: nothing to do.
      }
    }
    source = null;
    video.removeAttribute('src');
    video.load();
  };
  const restart = async () => {
    teardown();
    if (!stopped) await connect();
  };

  void connect();
  return () => {
    stopped = true;
    removePageHide();
    teardown();
  };
}
