import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Space, Spin, TreeSelect, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Chart } from '../../../../shared/analytics/Chart.tsx';
import { DayPicker } from '../../../../shared/analytics/DayPicker.tsx';
import { useStoreDay } from '../../../../shared/analytics/useStoreDay.ts';
import { formatDateTime, formatHour } from '../../../../shared/lib/dateTime.ts';
import { SectionHeading } from '../../../../shared/ui/SectionHeading.tsx';
import { useCan } from '../../../session/hooks/useCan.ts';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { type CameraChoiceNode, cameraChoices, firstCameraOf } from '../../cameraChoice.ts';
import { VideoTile } from '../../components/VideoTile.tsx';
import { camerasOfTree } from '../../lib/cameraTree.ts';
import { rememberedSpeed } from '../../lib/playbackPrefs.ts';
import { fetchCameraStatistics, fetchKeyframe, fetchKeyframes } from '../../singleLensApi.ts';
import { nothingCounted, singleLensOption } from '../../singleLensChart.ts';
import { frameToPlay, playbackLink } from '../../singleLensVideo.ts';
import '../../components/video.css';

/** One keyframe, fetched with the session and shown from an object URL; clicking plays the tile from there. */
function Thumbnail({
  cameraId,
  segmentId,
  at,
  label,
  active,
  onPlay,
}: {
  cameraId: string;
  segmentId: string;
  at: string;
  label: string;
  active: boolean;
  onPlay(): void;
}) {
  const picture = useQuery({
    queryKey: ['singleLens', 'keyframe', cameraId, segmentId],
    queryFn: () => fetchKeyframe(cameraId, segmentId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!picture.data) return undefined;
    const made = URL.createObjectURL(picture.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [picture.data]);
  return (
    <button
      type="button"
      className="single-lens-thumb"
      onClick={onPlay}
      aria-label={label}
      aria-pressed={active}
      title={label}
      data-testid="single-lens-thumbnail"
      data-at={at}
      style={{
        border: 0,
        padding: 0,
        background: 'none',
        cursor: 'pointer',
        borderRadius: 4,
        // The keyframe the tile plays from stands out (besides aria-pressed for assistive tools).
        outline: active ? '2px solid #1677ff' : '2px solid transparent',
        outlineOffset: 1,
      }}
    >
      {url ? <img src={url} alt="" width={108} height={61} style={{ objectFit: 'cover', display: 'block', borderRadius: 4 }} /> : <Spin size="small" />}
    </button>
  );
}

/**
 * Single-lens analysis (/monophonic/areaStatistics, issue 12 section 5a): one camera's entries,
 * exits, stays and average dwell by hour of the chosen day and by day over the week up to it (from
 * the rollups), beside the day's video: a playback tile (the /playback page's own, hls.js loaded
 * when it plays) that starts at the day's first keyframe and at a keyframe when one is clicked, and
 * the keyframes (one per recorded hour). The video needs video_nav; without it the figures stand alone.
 */
export function SingleLensPage() {
  const { t } = useTranslation('singleLens');
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const cameraTree = useSessionStore((state) => state.cameraTree);
  const choices = useMemo(() => cameraChoices(cameraTree), [cameraTree]);
  const cameras = useMemo(() => camerasOfTree(cameraTree), [cameraTree]);
  const canWatch = useCan('video_nav') === 'shown';
  const [searchParams] = useSearchParams();
  const [picked, setCameraId] = useState<string | null>(searchParams.get('cameraId'));
  // Until someone picks, the first camera of the tree: a page with figures, not an empty one.
  const cameraId = picked ?? firstCameraOf(choices);
  // The camera's store's today until someone picks a day (a store a day ahead of the viewer has its new day).
  const zone = cameraId ? cameras.get(cameraId)?.timeZone : undefined;
  const { day: date, today, setDay } = useStoreDay(zone ? [zone] : []);

  const figures = useQuery({
    queryKey: ['singleLens', 'figures', cid, cameraId, date],
    queryFn: () => fetchCameraStatistics(cameraId ?? '', date),
    enabled: cid !== null && cameraId !== null,
  });
  const frames = useQuery({
    queryKey: ['singleLens', 'keyframes', cid, cameraId, date],
    queryFn: () => fetchKeyframes(cameraId ?? '', date),
    enabled: cid !== null && cameraId !== null && canWatch,
  });
  // The tile plays one camera's day: a clicked keyframe counts for the day it was clicked in.
  const dayKey = `${cameraId ?? ''}|${date}`;
  const [chosen, setChosen] = useState<{ dayKey: string; segmentId: string; seq: number } | null>(null);
  const chosenHere = chosen?.dayKey === dayKey ? chosen : null;
  const playFrom = frameToPlay(frames.data?.frames ?? [], chosenHere?.segmentId ?? null);
  const playFromMs = playFrom ? Date.parse(playFrom.at) : null;
  // The tile's seek: a new sequence number each click, so the same keyframe clicked again starts it there again.
  const seek = useMemo(() => (playFromMs === null ? null : { atMs: playFromMs, seq: chosenHere?.seq ?? 0 }), [playFromMs, chosenHere?.seq]);
  const [clock, setClock] = useState<{ dayKey: string; ms: number } | null>(null);
  // Stable per day: the tile restarts its clock timer whenever this function changes. Before its
  // first frame the player knows no instant: the clock keeps the keyframe's until then.
  const onPlaying = useCallback(
    (ms: number | null) => {
      if (ms !== null) setClock({ dayKey, ms });
    },
    [dayKey],
  );
  const clockMs = clock?.dayKey === dayKey ? clock.ms : null;
  const choose = (segmentId: string, at: string) => {
    setChosen((current) => ({ dayKey, segmentId, seq: (current?.seq ?? 0) + 1 }));
    setClock({ dayKey, ms: Date.parse(at) });
  };
  const [speed] = useState(rememberedSpeed);
  const camera = cameraId ? (cameras.get(cameraId) ?? null) : null;
  const shownMs = clockMs ?? playFromMs;

  const data = figures.data;
  const labels = { entries: t('entries'), exits: t('exits'), stays: t('stays'), avgDwell: t('avgDwell') };
  const cameraName = data?.cameraName ?? '';

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="single-lens-page">
      <Card size="small">
        <Space wrap>
          <TreeSelect
            treeData={choices}
            value={cameraId ?? undefined}
            onChange={(value: string) => setCameraId(value)}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            placeholder={t('camera')}
            aria-label={t('camera')}
            style={{ width: 320 }}
            data-testid="single-lens-camera"
            // Every node in the DOM (not a virtual window) with a handle per camera: tests and assistive tools find each one.
            virtual={false}
            treeTitleRender={(node: CameraChoiceNode) => <span data-testid={`camera-choice-${node.value}`}>{node.title}</span>}
          />
          <span data-testid="single-lens-day">
            <DayPicker value={date} today={today} onChange={setDay} label={t('day')} />
          </span>
        </Space>
      </Card>
      {cameraId === null ? (
        <Empty description={t('chooseCamera')} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Card size="small">
              <SectionHeading>{t('hourlyTitle')}</SectionHeading>
              {data && data.hoursWithoutReports > 0 ? (
                <Typography.Paragraph type="secondary" data-testid="single-lens-missing-hours">
                  {t('hoursWithoutReports', { count: data.hoursWithoutReports })}
                </Typography.Paragraph>
              ) : null}
              {data?.hourlyStaysPurged ? (
                <Typography.Paragraph type="secondary" data-testid="single-lens-stays-purged">
                  {t('hourlyStaysPurged')}
                </Typography.Paragraph>
              ) : null}
              <Chart
                testId="single-lens-hourly"
                label={t('hourlyChart', { camera: cameraName, day: date })}
                loading={figures.isLoading}
                empty={!data || nothingCounted(data.hourly)}
                option={singleLensOption(data?.hourly.map((row) => formatHour(row.hour, locale)) ?? [], data?.hourly ?? [], labels)}
              />
              <SectionHeading style={{ marginTop: 16 }}>{t('dailyTitle')}</SectionHeading>
              <Chart
                testId="single-lens-daily"
                label={t('dailyChart', { camera: cameraName, day: date })}
                loading={figures.isLoading}
                empty={!data || nothingCounted(data.daily)}
                option={singleLensOption(data?.daily.map((row) => row.date.slice(5)) ?? [], data?.daily ?? [], labels)}
              />
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card size="small">
              <SectionHeading>{t('videoTitle')}</SectionHeading>
              {!canWatch ? (
                <Typography.Text type="secondary">{t('noVideoAccess')}</Typography.Text>
              ) : frames.isLoading ? (
                <Spin />
              ) : !seek || !frames.data ? (
                <Empty description={t('noVideo')} />
              ) : (
                <>
                  <VideoTile
                    // A camera or day of its own starts a fresh tile at that day's first keyframe.
                    key={dayKey}
                    index={0}
                    camera={camera}
                    mode="playback"
                    seek={seek}
                    speed={speed}
                    // Nothing on this page is dragged: the camera is chosen above.
                    onDropCamera={() => undefined}
                    onPlaying={onPlaying}
                  />
                  <Space wrap style={{ justifyContent: 'space-between', width: '100%', margin: '8px 0 4px' }}>
                    <Typography.Text type="secondary" data-testid="single-lens-clock" data-ms={clockMs ?? ''}>
                      {clockMs === null ? '--' : t('playing', { time: formatDateTime(clockMs, locale, { timeZone: frames.data.timeZone, seconds: true }) })}
                    </Typography.Text>
                    {shownMs !== null && (
                      <Link to={playbackLink(frames.data.shopId, cameraId, shownMs)} data-testid="single-lens-open-playback">
                        {t('openPlayback')}
                      </Link>
                    )}
                  </Space>
                  <SectionHeading style={{ marginTop: 8 }}>{t('thumbnailsTitle')}</SectionHeading>
                  <Space wrap size={8} data-testid="single-lens-thumbnails">
                    {frames.data.frames.map((frame) => {
                      const time = formatDateTime(frame.at, locale, { timeZone: frames.data?.timeZone });
                      return (
                        <Thumbnail
                          key={frame.segmentId}
                          cameraId={cameraId}
                          segmentId={frame.segmentId}
                          at={frame.at}
                          label={t('thumbnail', { time })}
                          active={frame.segmentId === playFrom?.segmentId}
                          onPlay={() => choose(frame.segmentId, frame.at)}
                        />
                      );
                    })}
                  </Space>
                </>
              )}
            </Card>
          </Col>
        </Row>
      )}
    </Space>
  );
}
