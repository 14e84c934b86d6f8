import { FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStreamingAllowed } from '../hooks/useStreamingAllowed.ts';
import type { LiveState } from '../lib/livePlayer.ts';
import type { PlaybackHandle, PlaybackState } from '../lib/playbackPlayer.ts';
import type { CameraRef } from '../lib/playbackPrefs.ts';

export const CAMERA_DRAG_TYPE = 'application/x-storelens-camera';

export interface SeekRequest {
  atMs: number;
  /** Increases with each request, so the same instant asked twice seeks twice. */
  seq: number;
}

interface TileProps {
  index: number;
  camera: CameraRef | null;
  mode: 'live' | 'playback';
  seek: SeekRequest;
  speed: number;
  /** Grid tiles are chosen (outlined) and report the clock when chosen; a tile alone on its page has no choice and always reports. */
  selected?: boolean;
  onSelect?: () => void;
  onDropCamera: (cameraId: string) => void;
  /** The selected tile reports the instant it shows (the page's clock), or null. */
  onPlaying?: (atMs: number | null) => void;
  /** Nothing recorded at the instant: where the nearest recording begins, offered to play from. */
  nearestRecording?: { atMs: number; play: () => void } | null;
}

/**
 * One tile of the video grid: a camera's live view (fMP4 over WebSocket into MSE) or its
 * recordings (hls.js), both loaded on demand. A camera dropped on the tile replaces its camera;
 * the spec's messages replace a black picture for closed stores and offline cameras.
 */
export function VideoTile({ index, camera, mode, seek, speed, selected: chosen, onSelect, onDropCamera, onPlaying, nearestRecording }: TileProps) {
  const alone = onSelect === undefined;
  const selected = alone || chosen === true;
  const { t } = useTranslation('playback');
  const frame = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const allowed = useStreamingAllowed(frame);
  const [live, setLive] = useState<LiveState | null>(null);
  const [playback, setPlayback] = useState<PlaybackState | null>(null);
  const handle = useRef<PlaybackHandle | null>(null);
  const [session, setSession] = useState(0);
  const cameraId = camera?.cameraId ?? null;
  const closed = camera?.shopClosed === true;

  // Live: streams only while the tile is on screen and the tab visible.
  useEffect(() => {
    if (mode !== 'live' || !cameraId || closed || !allowed || !video.current) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../lib/livePlayer.ts').then(({ startLive }) => {
      if (!cancelled && video.current) stop = startLive(video.current, cameraId, setLive);
    });
    return () => {
      cancelled = true;
      stop?.();
      setLive(null);
    };
  }, [mode, cameraId, closed, allowed]);

  // Playback: a player per camera and seek, its playlist starting at the instant asked for.
  const seekRef = useRef(seek);
  seekRef.current = seek;
  const speedRef = useRef(speed);
  speedRef.current = speed;
  const allowedRef = useRef(allowed);
  allowedRef.current = allowed;
  // biome-ignore lint/correctness/useExhaustiveDependencies: session restarts the player for a seek outside its window.
  useEffect(() => {
    if (mode !== 'playback' || !cameraId || !video.current) return;
    let cancelled = false;
    let current: PlaybackHandle | null = null;
    void import('../lib/playbackPlayer.ts').then(async ({ startPlayback }) => {
      if (cancelled || !video.current) return;
      current = await startPlayback(video.current, { cameraId, atMs: seekRef.current.atMs, nowMs: Date.now(), speed: speedRef.current }, setPlayback);
      if (cancelled) current.destroy();
      else {
        handle.current = current;
        // A seek made while the tile is hidden starts its player suspended.
        if (!allowedRef.current) current.suspend();
      }
    });
    return () => {
      cancelled = true;
      current?.destroy();
      handle.current = null;
      setPlayback(null);
    };
  }, [mode, cameraId, session]);

  const lastSeq = useRef(seek.seq);
  useEffect(() => {
    if (seek.seq === lastSeq.current) return;
    lastSeq.current = seek.seq;
    // A new playlist from the instant (playbackPlayer.ts says why a seek never moves an old one).
    if (mode === 'playback') setSession((value) => value + 1);
  }, [seek, mode]);

  useEffect(() => handle.current?.setSpeed(speed), [speed]);

  // A playback tile off screen or in a hidden tab stops fetching segments, and goes on when it shows again.
  useEffect(() => {
    if (mode !== 'playback') return;
    if (allowed) handle.current?.resume();
    else handle.current?.suspend();
  }, [allowed, mode]);

  // The clock ticks each second only while the video plays.
  const playing = mode === 'playback' && playback?.kind === 'playing';
  useEffect(() => {
    if (!selected || !onPlaying) return;
    if (!playing) return;
    const tick = () => onPlaying(handle.current?.playingMs() ?? null);
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [selected, playing, onPlaying]);

  const notice = !camera
    ? t('tile.empty')
    : mode === 'live' && closed
      ? t('tile.closed')
      : mode === 'live' && live?.kind === 'offline'
        ? t('errors.cameraOffline', { ns: 'messages' })
        : mode === 'live' && live?.kind === 'refused'
          ? live.message
          : mode === 'playback' && playback?.kind === 'refused'
            ? playback.message
            : mode === 'playback' && playback?.kind === 'empty'
              ? t('errors.noVideoAtTime', { ns: 'messages' })
              : null;

  const onDrop = (event: DragEvent) => {
    const dropped = event.dataTransfer.getData(CAMERA_DRAG_TYPE);
    if (dropped) {
      event.preventDefault();
      onDropCamera(dropped);
    }
  };

  const title = camera ? `${camera.shopName} · ${camera.name}` : t('tile.label', { index: index + 1 });
  return (
    <section
      ref={frame}
      className={`video-tile${selected && !alone ? ' video-tile-selected' : ''}`}
      aria-label={t('tile.label', { index: index + 1 })}
      data-testid={`video-tile-${index}`}
      data-state={mode === 'live' ? (live?.kind ?? 'idle') : (playback?.kind ?? 'idle')}
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
    >
      {/* A grid's tile is selected by its button (keyboard and pointer); the picture itself is not interactive. */}
      {alone ? (
        <span className="video-tile-select">{title}</span>
      ) : (
        <button type="button" className="video-tile-select" onClick={onSelect} aria-pressed={selected}>
          {title}
        </button>
      )}
      <video
        ref={video}
        muted
        playsInline
        className="video-tile-video"
        aria-label={camera ? t('tile.video', { name: camera.name }) : t('tile.label', { index: index + 1 })}
      />
      {notice && (
        <div className="video-tile-notice" role="status">
          {notice}
          {mode === 'playback' && playback?.kind === 'empty' && nearestRecording && (
            <Button size="small" className="video-tile-nearest" onClick={nearestRecording.play} data-testid={`video-tile-nearest-${index}`}>
              {t('tile.playNearest', { at: dayjs(nearestRecording.atMs).format('YYYY-MM-DD HH:mm') })}
            </Button>
          )}
        </div>
      )}
      <Button
        className="video-tile-fullscreen"
        size="small"
        type="text"
        icon={<FullscreenOutlined />}
        aria-label={t('tile.fullscreen')}
        onClick={() => void frame.current?.requestFullscreen?.()}
      />
    </section>
  );
}
