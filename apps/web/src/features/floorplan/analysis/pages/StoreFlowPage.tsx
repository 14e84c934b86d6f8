import { type FlowPercent, areaAnalysisOperations as ops } from '@storelens/contracts';
import { Card, Space, Table, type TableColumnType } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsPage } from '../../../../shared/analytics/AnalyticsPage.tsx';
import { DayPicker } from '../../../../shared/analytics/DayPicker.tsx';
import { ExportButton } from '../../../../shared/analytics/ExportButton.tsx';
import { useStoreDay } from '../../../../shared/analytics/useStoreDay.ts';
import { AreaToolbar, PlanNotices } from '../AreaToolbar.tsx';
import { EmptyDayHint } from '../EmptyDayHint.tsx';
import { exportAreaTable } from '../exports.ts';
import { GeometryVersionsLine } from '../GeometryVersionsLine.tsx';
import { LayerCanvas, PlanCanvas, type PlanView } from '../PlanCanvas.tsx';
import { TrajectoryLayer } from '../TrajectoryLayer.tsx';
import { areaQueryOf, useAreaPlan, useAreaPlanImage } from '../useAreaPlan.ts';
import { useAreaQuery } from '../useAreaQuery.ts';

type Line = FlowPercent['lines'][number];
interface MatrixRow {
  fromId: string;
  from: string;
  cells: Record<string, number>;
}

/** Draws a flow line with its direction arrow(s) and its share of the tracks. */
function drawLine(context: CanvasRenderingContext2D, view: PlanView, line: Line) {
  const [start, end] = line.points;
  if (!start || !end) return;
  const [x1, y1, x2, y2] = [start.x * view.scale, start.y * view.scale, end.x * view.scale, end.y * view.scale];
  context.strokeStyle = '#c41d7f';
  context.lineWidth = 3;
  context.beginPath();
  context.moveTo(x1, y1);
  context.lineTo(x2, y2);
  context.stroke();
  // Forward is the right-hand side looking from start to end (y downwards): the normal (-dy, dx).
  const length = Math.hypot(x2 - x1, y2 - y1) || 1;
  const [nx, ny] = [-(y2 - y1) / length, (x2 - x1) / length];
  const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
  const arrow = (sign: number) => {
    context.beginPath();
    context.moveTo(mx, my);
    context.lineTo(mx + sign * nx * 18, my + sign * ny * 18);
    context.stroke();
  };
  arrow(1);
  if (line.flowMode === 'double') arrow(-1);
  context.fillStyle = '#1f1f1f';
  context.font = 'bold 13px sans-serif';
  context.fillText(`${line.name} ${line.percent === null ? '--' : `${line.percent}%`}`, mx + nx * 22 + 4, my + ny * 22);
}

/** The page's measure of its drawing, which `npm run bench -- floorplan` reads (apps/server/src/bench/floorplan-bench.ts). */
const TRAJECTORIES_MEASURE = 'storeFlow.trajectories';

/**
 * /area/storeFlow: a day's trajectories drawn on the plan, the flow lines with the share of the
 * tracks that crossed them, and the from-and-go matrix between regions.
 */
export function StoreFlowPage() {
  const { t } = useTranslation();
  const choice = useAreaPlan();
  const { day: date, today, setDay: setDate } = useStoreDay(choice.shops.timeZones);
  const image = useAreaPlanImage(choice.plan);
  const dayQuery = { ...areaQueryOf(choice), startDate: date, endDate: date };
  const trajectories = useAreaQuery(
    ops.trajectories,
    { planId: choice.plan?.id ?? '', date, fromHour: choice.hours[0], toHour: choice.hours[1], limit: 5000 },
    choice.ready,
  );
  const flows = useAreaQuery(ops.flowPercent, dayQuery, choice.ready);
  const fromAndGo = useAreaQuery(ops.fromAndGo, dayQuery, choice.ready);

  const drawLines = useCallback(
    (context: CanvasRenderingContext2D, view: PlanView) => {
      for (const line of flows.data?.lines ?? []) drawLine(context, view, line);
    },
    [flows.data],
  );
  const tracks = trajectories.data?.tracks;
  // The plan's image below, the tracks over it on a layer of their own (drawn in a worker, and not again
  // when the image or the lines arrive), the flow lines on top: the order one canvas had them in.
  const layers = useCallback(
    (view: PlanView) => (
      <>
        <TrajectoryLayer tracks={tracks} view={view} measure={TRAJECTORIES_MEASURE} testId="flow-tracks" />
        <LayerCanvas view={view} draw={drawLines} testId="flow-lines-canvas" />
      </>
    ),
    [tracks, drawLines],
  );

  const regions = fromAndGo.data?.regions ?? [];
  const matrix: MatrixRow[] = useMemo(
    () =>
      regions.map((from) => ({
        fromId: from.elementId,
        from: from.name,
        cells: Object.fromEntries((fromAndGo.data?.cells ?? []).filter((cell) => cell.fromId === from.elementId).map((cell) => [cell.toId, cell.transitions])),
      })),
    [regions, fromAndGo.data],
  );
  const matrixColumns: TableColumnType<MatrixRow>[] = [
    { key: 'from', title: `${t('areaAnalysis:from')} \\ ${t('areaAnalysis:to')}`, dataIndex: 'from', fixed: 'left' },
    ...regions.map((to) => ({
      key: to.elementId,
      title: to.name,
      align: 'right' as const,
      render: (_: unknown, row: MatrixRow) => row.cells[to.elementId] ?? 0,
    })),
  ];
  const lineColumns: TableColumnType<Line>[] = [
    { key: 'name', title: t('areaAnalysis:flowLine'), dataIndex: 'name' },
    { key: 'mode', title: t('areaAnalysis:flowMode'), render: (_, line) => t(`areaAnalysis:flowModes.${line.flowMode}`) },
    { key: 'forward', title: t('areaAnalysis:forward'), dataIndex: 'forward', align: 'right' },
    { key: 'backward', title: t('areaAnalysis:backward'), dataIndex: 'backward', align: 'right' },
    { key: 'percent', title: t('areaAnalysis:percent'), align: 'right', render: (_, line) => (line.percent === null ? '--' : `${line.percent}%`) },
  ];

  return (
    <AnalyticsPage
      testId="area-store-flow"
      shops={choice.shops}
      toolbar={
        <AreaToolbar
          choice={choice}
          range={false}
          actions={
            <ExportButton
              fileName={t('messages:area.titleFlows')}
              download={() => exportAreaTable({ table: 'flows', query: dayQuery })}
              disabled={!choice.ready}
              testId="area-flow-export"
            />
          }
        >
          <DayPicker value={date} today={today} onChange={setDate} label={t('areaAnalysis:date')} testId="area-flow-date" />
        </AreaToolbar>
      }
    >
      <PlanNotices choice={choice} />
      <GeometryVersionsLine answers={[flows.data?.geometry, fromAndGo.data?.geometry]} />
      {choice.plan && (
        <Card
          size="small"
          title={t('areaAnalysis:trajectories')}
          extra={
            trajectories.data ? (
              <Space size="middle">
                <EmptyDayHint date={date} today={today} total={trajectories.data.total} onPick={setDate} />
                {t('areaAnalysis:tracksShown', { shown: trajectories.data.tracks.length, total: trajectories.data.total })}
              </Space>
            ) : null
          }
        >
          <PlanCanvas plan={choice.plan} image={image} layers={layers} label={t('areaAnalysis:trajectories')} testId="flow-canvas" />
        </Card>
      )}
      <Card size="small" title={t('areaAnalysis:flowLines')}>
        <Table<Line>
          rowKey="elementId"
          size="small"
          columns={lineColumns}
          dataSource={flows.data?.lines ?? []}
          loading={flows.isFetching}
          pagination={false}
          data-testid="area-flow-lines"
        />
      </Card>
      <Card
        size="small"
        title={t('areaAnalysis:fromAndGo')}
        extra={
          <ExportButton
            fileName={t('messages:area.titleFromAndGo')}
            download={() => exportAreaTable({ table: 'fromAndGo', query: dayQuery })}
            disabled={!choice.ready}
            testId="area-fromgo-export"
          />
        }
      >
        <Table<MatrixRow>
          rowKey="fromId"
          size="small"
          columns={matrixColumns}
          dataSource={matrix}
          loading={fromAndGo.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="area-fromgo-table"
        />
      </Card>
    </AnalyticsPage>
  );
}
