import { BackwardOutlined, ForwardOutlined } from '@ant-design/icons';
import { type AvailabilityResponse, LIVE, liveOperations, RoleId, VIDEO, videoOperations } from '@storelens/contracts';
import { Button, DatePicker, Segmented, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useOperation } from '../../../../shared/hooks/useOperation.ts';
import { SectionHeading } from '../../../../shared/ui/SectionHeading.tsx';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { CameraTreePanel } from '../../components/CameraTreePanel.tsx';
import { TimeAxis } from '../../components/TimeAxis.tsx';
import { type SeekRequest, VideoTile } from '../../components/VideoTile.tsx';
import { WatchLogDrawer } from '../../components/WatchLogDrawer.tsx';
import { camerasOfTree } from '../../lib/cameraTree.ts';
import { nearestRecordingMs } from '../../lib/nearestRecording.ts';
import { rememberedSpeed, rememberSpeed } from '../../lib/playbackPrefs.ts';
import '../../components/video.css';

type Layout = (typeof LIVE.layouts)[number];
const ADMINISTRATORS: readonly number[] = [RoleId.superManager, RoleId.manager];
const HOUR_MS = 3_600_000;

/**
 * Live view and playback (/playback, key video_nav): the camera tree, a grid of 1, 4, 9 or 16
 * tiles (default 1x1, gap 4 px), live or recorded video, the 30-day time axis with its alarm
 * marks, seek steps of 10 s, speeds 0.5x to 16x (remembered), a clock that ticks while video
 * plays. `?shopId&cameraId` (the panoramic tour's camera hotspots) opens that camera live in tile 1;
 * `&at=<ISO instant>` (an alarm's detail) opens its recording from that instant instead.
 */
export function PlaybackPage() {
  const { t } = useTranslation('playback');
  const [params] = useSearchParams();
  const cameraTree = useSessionStore((state) => state.cameraTree);
  const rid = useSessionStore((state) => state.rid);
  const cameras = useMemo(() => camerasOfTree(cameraTree), [cameraTree]);
  const [layout, setLayout] = useState<Layout>(1);
  const [mode, setMode] = useState<'live' | 'playback'>('live');
  const [tiles, setTiles] = useState<(string | null)[]>(() => Array.from({ length: 16 }, () => null));
  const [selected, setSelected] = useState(0);
  const [speed, setSpeed] = useState(rememberedSpeed);
  const [seek, setSeek] = useState<SeekRequest>(() => ({ atMs: Date.now() - VIDEO.defaultOffsetSeconds * 1000, seq: 0 }));
  const [clockMs, setClockMs] = useState<number | null>(null);
  const [logOpen, setLogOpen] = useState(false);

  const put = useCallback((index: number, cameraId: string) => {
    setTiles((current) => current.map((value, position) => (position === index ? cameraId : value)));
    setSelected(index);
  }, []);

  const selectedCamera = tiles[selected] ?? null;
  const availability = useOperation(
    videoOperations.availability,
    { cameraId: selectedCamera ?? '' },
    { enabled: mode === 'playback' && selectedCamera !== null },
  );
  const axis = availability.data as AvailabilityResponse | undefined;
  const axisRange = axis ? { from: axis.from, to: axis.to } : null;
  const marks = useOperation(
    liveOperations.alarmMarks,
    { cameraId: selectedCamera ?? '', from: axisRange?.from ?? '', to: axisRange?.to ?? '' },
    { enabled: mode === 'playback' && selectedCamera !== null && axisRange !== null },
  );
  const alarms = useMemo(() => (marks.data?.marks ?? []).map((mark) => Date.parse(mark.at)), [marks.data]);

  const seekTo = useCallback((atMs: number) => {
    setSeek((current) => ({ atMs, seq: current.seq + 1 }));
    setClockMs(atMs);
  }, []);
  // The tour's link: that camera, live, in tile 1; an alarm's (`&at=`): its recording from that instant.
  const linkedCamera = params.get('cameraId');
  const linkedAtMs = Date.parse(params.get('at') ?? '');
  useEffect(() => {
    if (!linkedCamera || !cameras.has(linkedCamera)) return;
    setTiles((current) => [linkedCamera, ...current.slice(1)]);
    setSelected(0);
    if (Number.isFinite(linkedAtMs)) {
      setMode('playback');
      seekTo(linkedAtMs);
    } else setMode('live');
  }, [linkedCamera, linkedAtMs, cameras, seekTo]);
  const step = (seconds: number) => seekTo((clockMs ?? seek.atMs) + seconds * 1000);
  const chooseSpeed = (value: number) => {
    setSpeed(value);
    rememberSpeed(value);
  };
  const startPlayback = () => {
    setMode('playback');
    seekTo(Date.now() - VIDEO.defaultOffsetSeconds * 1000);
  };

  const nearestMs = axis ? nearestRecordingMs(axis, seek.atMs) : null;
  const playableFromMs = Date.now() - VIDEO.playableDays * 24 * HOUR_MS;
  const shown = tiles.slice(0, layout);
  const columns = Math.sqrt(layout);

  return (
    <div className="video-page">
      <CameraTreePanel tree={cameraTree} onChoose={(cameraId) => put(selected, cameraId)} />
      <section className="video-main" aria-label={t('grid.title')}>
        <Space wrap className="video-toolbar">
          <Segmented
            aria-label={t('mode.label')}
            value={mode}
            onChange={(value) => (value === 'playback' ? startPlayback() : setMode('live'))}
            options={[
              { value: 'live', label: t('mode.live') },
              { value: 'playback', label: t('mode.playback') },
            ]}
            data-testid="video-mode"
          />
          <Segmented
            aria-label={t('grid.layout')}
            value={layout}
            onChange={(value) => setLayout(value as Layout)}
            options={LIVE.layouts.map((value) => ({ value, label: t('grid.tiles', { count: value }) }))}
            data-testid="video-layout"
          />
          {ADMINISTRATORS.includes(rid ?? 0) && (
            <Button onClick={() => setLogOpen(true)} data-testid="watch-log-open">
              {t('log.open')}
            </Button>
          )}
        </Space>
        <div className="video-grid" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: LIVE.gridGapPx }} data-testid="video-grid">
          {shown.map((cameraId, index) => (
            <VideoTile
              // biome-ignore lint/suspicious/noArrayIndexKey: a tile is its position in the grid.
              key={index}
              index={index}
              camera={cameraId ? (cameras.get(cameraId) ?? null) : null}
              mode={mode}
              seek={seek}
              speed={speed}
              selected={index === selected}
              onSelect={() => setSelected(index)}
              onDropCamera={(dropped) => put(index, dropped)}
              onPlaying={index === selected ? setClockMs : undefined}
              nearestRecording={index === selected && nearestMs !== null ? { atMs: nearestMs, play: () => seekTo(nearestMs) } : null}
            />
          ))}
        </div>
        {mode === 'playback' && (
          <div className="video-playback">
            <SectionHeading>{t('playback.title')}</SectionHeading>
            <Space wrap>
              <DatePicker
                showTime
                allowClear={false}
                aria-label={t('playback.start')}
                value={dayjs(seek.atMs)}
                onChange={(value) => value && seekTo(value.valueOf())}
                data-testid="playback-start"
              />
              <Button icon={<BackwardOutlined />} onClick={() => step(-VIDEO.seekStepSeconds)} data-testid="seek-back">
                {t('playback.back', { seconds: VIDEO.seekStepSeconds })}
              </Button>
              <Button icon={<ForwardOutlined />} onClick={() => step(VIDEO.seekStepSeconds)} data-testid="seek-forward">
                {t('playback.forward', { seconds: VIDEO.seekStepSeconds })}
              </Button>
              <Select
                aria-label={t('playback.speed')}
                value={speed}
                onChange={chooseSpeed}
                options={LIVE.speeds.map((value) => ({ value, label: `${value}x` }))}
                style={{ width: 90 }}
                data-testid="playback-speed"
              />
              <Typography.Text strong data-testid="playback-clock" data-ms={clockMs ?? ''}>
                {clockMs === null ? '--' : dayjs(clockMs).format('YYYY-MM-DD HH:mm:ss')}
              </Typography.Text>
            </Space>
            {seek.atMs < playableFromMs && <Typography.Text type="secondary">{t('playback.horizon')}</Typography.Text>}
            <TimeAxis availability={axis} alarms={alarms} currentMs={clockMs} onSeek={seekTo} />
          </div>
        )}
      </section>
      <WatchLogDrawer open={logOpen} onClose={() => setLogOpen(false)} />
    </div>
  );
}
