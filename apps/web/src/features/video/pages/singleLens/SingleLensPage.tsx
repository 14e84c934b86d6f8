import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Empty, Row, Space, Spin, TreeSelect, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Chart } from '../../../../shared/analytics/Chart.tsx';
import { formatDateTime, formatHour } from '../../../../shared/lib/dateTime.ts';
import { SectionHeading } from '../../../../shared/ui/SectionHeading.tsx';
import { useCan } from '../../../session/hooks/useCan.ts';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { type CameraChoiceNode, cameraChoices, firstCameraOf } from '../../cameraChoice.ts';
import { fetchCameraStatistics, fetchKeyframe, fetchKeyframes } from '../../singleLensApi.ts';
import { nothingCounted, singleLensOption } from '../../singleLensChart.ts';

/** The live/playback page of the video section; it reads shopId, cameraId and time (an ISO instant). */
const playbackPath = (shopId: string, cameraId: string, time: string) =>
  `/playback?shopId=${encodeURIComponent(shopId)}&cameraId=${encodeURIComponent(cameraId)}&time=${encodeURIComponent(time)}`;

/** One keyframe, fetched with the session and shown from an object URL; clicking opens the playback there. */
function Thumbnail({ cameraId, segmentId, label, onOpen }: { cameraId: string; segmentId: string; label: string; onOpen(): void }) {
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
      onClick={onOpen}
      aria-label={label}
      title={label}
      data-testid="single-lens-thumbnail"
      style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer' }}
    >
      {url ? <img src={url} alt="" width={160} height={90} style={{ objectFit: 'cover', display: 'block', borderRadius: 4 }} /> : <Spin size="small" />}
    </button>
  );
}

/**
 * Single-lens analysis (/monophonic/areaStatistics, issue 12 section 5a): one camera's entries,
 * exits, stays and average dwell by hour of the chosen day and by day over the week up to it (from
 * the rollups), beside the day's keyframes (one per recorded hour); a keyframe opens the playback
 * at its instant. The strip needs video_nav; without it the figures stand alone.
 */
export function SingleLensPage() {
  const { t } = useTranslation('singleLens');
  const navigate = useNavigate();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const cameraTree = useSessionStore((state) => state.cameraTree);
  const choices = useMemo(() => cameraChoices(cameraTree), [cameraTree]);
  const canWatch = useCan('video_nav') === 'shown';
  const [searchParams] = useSearchParams();
  const [picked, setCameraId] = useState<string | null>(searchParams.get('cameraId'));
  // Until someone picks, the first camera of the tree: a page with figures, not an empty one.
  const cameraId = picked ?? firstCameraOf(choices);
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  const date = day.format('YYYY-MM-DD');

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
            <DatePicker value={day} onChange={(value) => value && setDay(value)} allowClear={false} aria-label={t('day')} />
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
              <SectionHeading>{t('thumbnailsTitle')}</SectionHeading>
              {!canWatch ? (
                <Typography.Text type="secondary">{t('noVideoAccess')}</Typography.Text>
              ) : frames.isLoading ? (
                <Spin />
              ) : (frames.data?.frames.length ?? 0) === 0 ? (
                <Empty description={t('noVideo')} />
              ) : (
                <Space wrap size={8} data-testid="single-lens-thumbnails">
                  {frames.data?.frames.map((frame) => {
                    const time = formatDateTime(frame.at, locale, { timeZone: frames.data?.timeZone });
                    return (
                      <Thumbnail
                        key={frame.segmentId}
                        cameraId={cameraId}
                        segmentId={frame.segmentId}
                        label={t('thumbnail', { time })}
                        onOpen={() => void navigate(playbackPath(frames.data?.shopId ?? '', cameraId, frame.at))}
                      />
                    );
                  })}
                </Space>
              )}
            </Card>
          </Col>
        </Row>
      )}
    </Space>
  );
}
