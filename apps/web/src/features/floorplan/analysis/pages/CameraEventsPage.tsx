import { type CameraEvents, type CameraRegionView, type DateRange, areaAnalysisOperations as ops } from '@storelens/contracts';
import { Card, Segmented, Select, Table, type TableColumnType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsPage } from '../../../../shared/analytics/AnalyticsPage.tsx';
import { AnalyticsToolbar } from '../../../../shared/analytics/AnalyticsToolbar.tsx';
import { Chart } from '../../../../shared/analytics/Chart.tsx';
import { hasChartData } from '../../../../shared/analytics/chartOption.ts';
import { defaultRange } from '../../../../shared/analytics/dateRange.ts';
import { ExportButton } from '../../../../shared/analytics/ExportButton.tsx';
import { useShopSelection } from '../../../../shared/analytics/useShopSelection.ts';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { camerasOfShop } from '../../../virtual-store/tour.ts';
import { exportAreaTable } from '../exports.ts';
import { GeometryVersionsLine } from '../GeometryVersionsLine.tsx';
import { seriesOption } from '../seriesOption.ts';
import { useAreaQuery } from '../useAreaQuery.ts';

type RegionTraffic = CameraEvents['regions'][number];
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** A region's entries per slot of the view: the hours of the day (summed over the days) or the days of the range. */
const slotsOf = (region: RegionTraffic, view: CameraRegionView): number[] =>
  view === 'hour' ? region.hourly.map((slot) => slot.entries) : region.daily.map((slot) => slot.entries);

/**
 * /events: a camera's days: the people it followed and the traffic of the regions it sees, by day
 * of a range or by hour of the day, and the crossings of its flow lines; both tables export to Excel.
 */
export function CameraEventsPage() {
  const { t } = useTranslation();
  const shops = useShopSelection('single');
  const cameraTree = useSessionStore((state) => state.cameraTree);
  const shopId = shops.ready ? (shops.shopIds[0] ?? null) : null;
  const cameras = useMemo(() => camerasOfShop(cameraTree, shopId), [cameraTree, shopId]);
  const [picked, setPicked] = useState<string | null>(null);
  const cameraId = cameras.some((camera) => camera.cameraId === picked) ? picked : (cameras[0]?.cameraId ?? null);
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [view, setView] = useState<CameraRegionView>('day');
  const query = { cameraId: cameraId ?? '', ...range };
  const answer = useAreaQuery(ops.cameraEvents, query, cameraId !== null);
  const data = answer.data;
  const slotLabels = useMemo(
    () => (view === 'hour' ? Array.from({ length: 24 }, (_, hour) => hourLabel(hour)) : (data?.tracksByDay ?? []).map((row) => row.date)),
    [data, view],
  );
  const tracks = useMemo(
    (): (number | null)[] => (view === 'hour' ? (data?.tracksByHour ?? []).map((row) => row.tracks) : (data?.tracksByDay ?? []).map((row) => row.tracks)),
    [data, view],
  );
  const chart = useMemo(
    () =>
      seriesOption(slotLabels, [
        { type: 'bar', name: t('areaAnalysis:tracks'), values: tracks },
        ...(data?.regions ?? []).map((region) => ({ type: 'line' as const, name: region.name, values: slotsOf(region, view) })),
      ]),
    [data, slotLabels, tracks, view, t],
  );
  const title = t(view === 'hour' ? 'areaAnalysis:cameraDay' : 'areaAnalysis:cameraDays', { plan: data?.planName ?? '' });
  const columns: TableColumnType<RegionTraffic>[] = [
    { key: 'name', title: t('areaAnalysis:region'), dataIndex: 'name', fixed: 'left' },
    { key: 'total', title: t('areaAnalysis:entries'), align: 'right', render: (_, row) => row.hourly.reduce((sum, hour) => sum + hour.entries, 0) },
    ...slotLabels
      .map((label, index) => ({ label, index }))
      // Only the slots someone was counted in: 24 hours or 90 days of zeros would hide the figures.
      .filter(({ index }) => (data?.regions ?? []).some((region) => (slotsOf(region, view)[index] ?? 0) > 0))
      .map(({ label, index }) => ({
        key: `s${index}`,
        title: label,
        align: 'right' as const,
        render: (_: unknown, row: RegionTraffic) => slotsOf(row, view)[index] ?? 0,
      })),
  ];
  const fileName = (name: string) => `${name}-${range.startDate}-${range.endDate}`;
  return (
    <AnalyticsPage
      testId="area-camera-events"
      shops={shops}
      toolbar={
        <AnalyticsToolbar shops={shops} range={{ value: range, onChange: setRange, maxDays: 90 }}>
          <Select
            aria-label={t('areaAnalysis:camera')}
            value={cameraId ?? undefined}
            onChange={setPicked}
            options={cameras.map((camera) => ({ value: camera.cameraId, label: camera.name }))}
            style={{ minWidth: 180 }}
            data-testid="events-camera"
          />
          <Segmented<CameraRegionView>
            aria-label={t('areaAnalysis:view')}
            value={view}
            onChange={setView}
            options={[
              { value: 'day', label: t('areaAnalysis:byDay') },
              { value: 'hour', label: t('areaAnalysis:byHour') },
            ]}
            data-testid="events-view"
          />
        </AnalyticsToolbar>
      }
    >
      {data && !data.planId && <Typography.Paragraph type="secondary">{t('areaAnalysis:cameraNotOnPlan')}</Typography.Paragraph>}
      <GeometryVersionsLine answers={[data?.geometry]} />
      <Card size="small" title={title}>
        <Chart label={title} option={chart} empty={!hasChartData([tracks])} loading={answer.isFetching} height={280} testId="events-chart" />
      </Card>
      <Card
        size="small"
        title={t(view === 'hour' ? 'areaAnalysis:regionTraffic' : 'areaAnalysis:regionTrafficByDay')}
        extra={
          <ExportButton
            fileName={fileName(t(view === 'hour' ? 'areaAnalysis:regionTraffic' : 'areaAnalysis:regionTrafficByDay'))}
            download={() => exportAreaTable({ table: 'cameraRegions', query, view })}
            disabled={!cameraId}
            testId="events-regions-export"
          />
        }
      >
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
      <Card
        size="small"
        title={t('areaAnalysis:flowLines')}
        extra={
          <ExportButton
            fileName={fileName(t('areaAnalysis:flowLines'))}
            download={() => exportAreaTable({ table: 'cameraFlows', query })}
            disabled={!cameraId}
            testId="events-flows-export"
          />
        }
      >
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
