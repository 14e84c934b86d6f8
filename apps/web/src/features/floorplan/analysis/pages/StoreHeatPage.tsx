import { type DateRange, areaAnalysisOperations as ops } from '@storelens/contracts';
import { Alert, Button, Card, Segmented, Select, Space, Switch, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import simpleheat from 'simpleheat';
import { AnalyticsPage } from '../../../../shared/analytics/AnalyticsPage.tsx';
import { previousPeriod } from '../../../../shared/analytics/comparisonRanges.ts';
import { DateRangePicker } from '../../../../shared/analytics/DateRangePicker.tsx';
import { saveBlob } from '../../../../shared/lib/saveFile.ts';
import { CanButton } from '../../../session/components/CanButton.tsx';
import { AreaToolbar, PlanNotices } from '../AreaToolbar.tsx';
import { GeometryVersionsLine } from '../GeometryVersionsLine.tsx';
import { differenceColour, HEAT_LEGEND_HEIGHT, HEAT_RAMPS, type HeatRamp, heatDifference, heatPoints } from '../heatRamps.ts';
import { PlanCanvas, type PlanView } from '../PlanCanvas.tsx';
import { areaQueryOf, useAreaPlan, useAreaPlanImage } from '../useAreaPlan.ts';
import { useAreaQuery } from '../useAreaQuery.ts';

/** Draws the legend strip of a ramp (or of a difference) at the bottom of a canvas, for the exported PNG. */
function drawLegend(context: CanvasRenderingContext2D, view: PlanView, ramp: HeatRamp, difference: boolean, labels: [string, string]) {
  const top = view.height - HEAT_LEGEND_HEIGHT + 8;
  const left = 16;
  const width = Math.min(240, view.width - 32);
  const gradient = context.createLinearGradient(left, 0, left + width, 0);
  if (difference) {
    gradient.addColorStop(0, differenceColour(-1, 1));
    gradient.addColorStop(0.5, 'rgba(255,255,255,0.8)');
    gradient.addColorStop(1, differenceColour(1, 1));
  } else for (const [stop, colour] of Object.entries(HEAT_RAMPS[ramp])) gradient.addColorStop(Number(stop), colour);
  context.fillStyle = 'rgba(255,255,255,0.85)';
  context.fillRect(0, view.height - HEAT_LEGEND_HEIGHT, view.width, HEAT_LEGEND_HEIGHT);
  context.fillStyle = gradient;
  context.fillRect(left, top, width, 12);
  context.fillStyle = '#1f1f1f';
  context.font = '12px sans-serif';
  context.fillText(labels[0], left, top + 26);
  context.textAlign = 'right';
  context.fillText(labels[1], left + width, top + 26);
  context.textAlign = 'left';
}

/**
 * /area/storeHeat: where people stayed on a store's floor plan, for a day or a range and an hour
 * range, painted with simpleheat from the server's grid in one of two colour ramps; or the
 * difference between two periods; exported as a PNG with its legend.
 */
export function StoreHeatPage() {
  const { t } = useTranslation();
  const choice = useAreaPlan();
  const [ramp, setRamp] = useState<HeatRamp>('classic');
  const [compare, setCompare] = useState(false);
  const [other, setOther] = useState<DateRange | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const image = useAreaPlanImage(choice.plan);
  // One drawn area's heat, or the whole plan's; an area without heat in the range answers 'heat map area not found'.
  const [areaId, setAreaId] = useState<string | null>(null);
  const areas = useAreaQuery(ops.regionSummary, areaQueryOf(choice), choice.ready);
  const area = areas.data?.rows.find((row) => row.elementId === areaId) ?? null;
  const query = { ...areaQueryOf(choice), ...(area ? { elementId: area.elementId } : {}) };
  const otherRange = other ?? previousPeriod(choice.range);
  const heat = useAreaQuery(ops.heat, query, choice.ready);
  const before = useAreaQuery(ops.heat, { ...query, ...otherRange }, choice.ready && compare);

  const draw = useCallback(
    (context: CanvasRenderingContext2D, view: PlanView) => {
      const data = heat.data;
      if (!data || heat.error) return;
      const legend: [string, string] = compare
        ? [t('areaAnalysis:legendLess'), t('areaAnalysis:legendMore')]
        : [t('areaAnalysis:legendLow'), t('areaAnalysis:legendHigh')];
      if (compare && before.data) {
        const points = heatDifference(before.data, data);
        const largest = Math.max(...points.map((point) => Math.abs(point.value)), 0);
        const size = data.cellM * view.scale;
        for (const point of points) {
          context.fillStyle = differenceColour(point.value, largest);
          context.fillRect(point.x * view.scale - size / 2, point.y * view.scale - size / 2, size, size);
        }
      } else if (!compare) {
        // simpleheat draws on its own canvas; the result is laid over the plan.
        const layer = document.createElement('canvas');
        layer.width = view.width;
        layer.height = view.height;
        const radius = Math.max(4, data.cellM * view.scale * 1.2);
        simpleheat(layer)
          .data(heatPoints(data).map((point) => [point.x * view.scale, point.y * view.scale, point.value]))
          .max(data.max)
          .radius(radius, radius)
          .gradient(HEAT_RAMPS[ramp])
          .draw(0.05);
        context.drawImage(layer, 0, 0);
      }
      drawLegend(context, view, ramp, compare, legend);
    },
    [heat.data, heat.error, before.data, compare, ramp, t],
  );

  // Not disabled while the grid loads (a disabled button is hard to read): without a heat map there is nothing to save.
  const exportPng = () =>
    heat.data &&
    !heat.error &&
    canvas.current?.toBlob((blob) => {
      if (blob) saveBlob(blob, `${choice.plan?.name ?? 'heatmap'}-${choice.range.startDate}-${choice.range.endDate}.png`);
    }, 'image/png');

  return (
    <AnalyticsPage
      testId="area-store-heat"
      shops={choice.shops}
      toolbar={
        <AreaToolbar
          choice={choice}
          actions={
            <CanButton permission="heatmap_download" onClick={exportPng} data-testid="heat-export-png">
              {t('areaAnalysis:exportPng')}
            </CanButton>
          }
        >
          <Select
            aria-label={t('areaAnalysis:heatArea')}
            value={area?.elementId ?? ''}
            onChange={(value: string) => setAreaId(value || null)}
            options={[{ value: '', label: t('areaAnalysis:wholePlan') }, ...(areas.data?.rows ?? []).map((row) => ({ value: row.elementId, label: row.name }))]}
            style={{ minWidth: 160 }}
            data-testid="heat-area"
          />
          <Segmented<HeatRamp>
            value={ramp}
            onChange={setRamp}
            options={[
              { value: 'classic', label: t('areaAnalysis:rampClassic') },
              { value: 'warm', label: t('areaAnalysis:rampWarm') },
            ]}
            data-testid="heat-ramp"
          />
        </AreaToolbar>
      }
    >
      <PlanNotices choice={choice} />
      <GeometryVersionsLine answers={[heat.data?.geometry]} />
      {choice.plan && (
        <Card
          size="small"
          title={t('areaAnalysis:heatTitle')}
          extra={
            <Space wrap>
              <Switch checked={compare} onChange={setCompare} aria-label={t('areaAnalysis:compare')} data-testid="heat-compare" />
              <Typography.Text>{t('areaAnalysis:compare')}</Typography.Text>
              {compare && <DateRangePicker value={otherRange} onChange={setOther} testId="heat-compare-range" />}
            </Space>
          }
        >
          {heat.error ? (
            <Alert type="info" showIcon message={heat.error.message} data-testid="heat-not-found" />
          ) : (
            <Typography.Text type="secondary">{heat.data ? t('areaAnalysis:heatMinutes', { n: heat.data.minutes }) : ''}</Typography.Text>
          )}
          <PlanCanvas plan={choice.plan} image={image} draw={draw} label={t('areaAnalysis:heatTitle')} testId="heat-canvas" canvasRef={canvas} />
          {compare && (
            <Button type="link" onClick={() => setOther(null)}>
              {t('areaAnalysis:previousPeriod')}
            </Button>
          )}
        </Card>
      )}
    </AnalyticsPage>
  );
}
