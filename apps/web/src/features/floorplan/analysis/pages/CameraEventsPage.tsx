import { type CameraEvents, areaAnalysisOperations as ops } from '@storelens/contracts';
import { Card, Select, Table, type TableColumnType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsPage } from '../../../../shared/analytics/AnalyticsPage.tsx';
import { AnalyticsToolbar } from '../../../../shared/analytics/AnalyticsToolbar.tsx';
import { Chart } from '../../../../shared/analytics/Chart.tsx';
import { hasChartData } from '../../../../shared/analytics/chartOption.ts';
import { todayLocal } from '../../../../shared/analytics/dateRange.ts';
import { useShopSelection } from '../../../../shared/analytics/useShopSelection.ts';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { camerasOfShop } from '../../../virtual-store/tour.ts';
import { DayPicker } from '../DayPicker.tsx';
import { seriesOption } from '../seriesOption.ts';
import { useAreaQuery } from '../useAreaQuery.ts';

type RegionTraffic = CameraEvents['regions'][number];
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * /events: a camera's day: the people it followed by hour, the traffic of the regions it sees by
 * hour of the day, and the crossings of its flow lines.
 */
export function CameraEventsPage() {
  const { t } = useTranslation();
  const shops = useShopSelection('single');
  const cameraTree = useSessionStore((state) => state.cameraTree);
  const shopId = shops.ready ? (shops.shopIds[0] ?? null) : null;
  const cameras = useMemo(() => camerasOfShop(cameraTree, shopId), [cameraTree, shopId]);
  const [picked, setPicked] = useState<string | null>(null);
  const cameraId = cameras.some((camera) => camera.cameraId === picked) ? picked : (cameras[0]?.cameraId ?? null);
  const [date, setDate] = useState(() => todayLocal());
  const answer = useAreaQuery(ops.cameraEvents, { cameraId: cameraId ?? '', date }, cameraId !== null);
  const data = answer.data;
  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  const chart = useMemo(
    () =>
      seriesOption(hours.map(hourLabel), [
        { type: 'bar', name: t('areaAnalysis:tracks'), values: (data?.tracksByHour ?? []).map((row) => row.tracks) },
        ...(data?.regions ?? []).map((region) => ({ type: 'line' as const, name: region.name, values: region.hourly.map((row) => row.entries) })),
      ]),
    [data, hours, t],
  );
  const columns: TableColumnType<RegionTraffic>[] = [
    { key: 'name', title: t('areaAnalysis:region'), dataIndex: 'name', fixed: 'left' },
    { key: 'total', title: t('areaAnalysis:entries'), align: 'right', render: (_, row) => row.hourly.reduce((sum, hour) => sum + hour.entries, 0) },
    ...hours
      .filter((hour) => (data?.regions ?? []).some((region) => (region.hourly[hour]?.entries ?? 0) > 0))
      .map((hour) => ({
        key: `h${hour}`,
        title: hourLabel(hour),
        align: 'right' as const,
        render: (_: unknown, row: RegionTraffic) => row.hourly[hour]?.entries ?? 0,
      })),
  ];
  return (
    <AnalyticsPage
      testId="area-camera-events"
      shops={shops}
      toolbar={
        <AnalyticsToolbar shops={shops}>
          <Select
            aria-label={t('areaAnalysis:camera')}
            value={cameraId ?? undefined}
            onChange={setPicked}
            options={cameras.map((camera) => ({ value: camera.cameraId, label: camera.name }))}
            style={{ minWidth: 180 }}
            data-testid="events-camera"
          />
          <DayPicker value={date} onChange={setDate} testId="events-date" />
        </AnalyticsToolbar>
      }
    >
      {data && !data.planId && <Typography.Paragraph type="secondary">{t('areaAnalysis:cameraNotOnPlan')}</Typography.Paragraph>}
      <Card size="small" title={t('areaAnalysis:cameraDay', { plan: data?.planName ?? '' })}>
        <Chart
          label={t('areaAnalysis:cameraDay', { plan: data?.planName ?? '' })}
          option={chart}
          empty={!hasChartData([(data?.tracksByHour ?? []).map((row) => row.tracks)])}
          loading={answer.isFetching}
          height={280}
          testId="events-chart"
        />
      </Card>
      <Card size="small" title={t('areaAnalysis:regionTraffic')}>
        <Table<RegionTraffic>
          rowKey="elementId"
          size="small"
          columns={columns}
          dataSource={data?.regions ?? []}
          loading={answer.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="events-regions"
        />
      </Card>
      <Card size="small" title={t('areaAnalysis:flowLines')}>
        <Table
          rowKey="elementId"
          size="small"
          dataSource={data?.flows ?? []}
          pagination={false}
          columns={[
            { key: 'name', title: t('areaAnalysis:flowLine'), dataIndex: 'name' },
            { key: 'forward', title: t('areaAnalysis:forward'), dataIndex: 'forward', align: 'right' },
            { key: 'backward', title: t('areaAnalysis:backward'), dataIndex: 'backward', align: 'right' },
          ]}
          data-testid="events-flows"
        />
      </Card>
    </AnalyticsPage>
  );
}
