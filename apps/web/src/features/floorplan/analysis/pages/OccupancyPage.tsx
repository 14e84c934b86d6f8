import { AREA_ANALYSIS, firstError, type Occupancy, occupancyThresholdValueSchema, areaAnalysisOperations as ops, RoleId } from '@storelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, InputNumber, Space, Statistic, Table, type TableColumnType, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsPage } from '../../../../shared/analytics/AnalyticsPage.tsx';
import { translateMessageRef } from '../../../../shared/i18n/i18n.ts';
import { formatDateTime } from '../../../../shared/lib/dateTime.ts';
import { callOperation } from '../../../../shared/lib/operations.ts';
import { useCan } from '../../../session/hooks/useCan.ts';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { useLiveDashboard } from '../../../traffic/hooks/useLiveDashboard.ts';
import { AreaToolbar } from '../AreaToolbar.tsx';
import { LEVEL_COLOURS, labelPoint, occupancyLevel } from '../occupancyLevel.ts';
import { PlanCanvas, type PlanView } from '../PlanCanvas.tsx';
import { useAreaPlan, useAreaPlanImage } from '../useAreaPlan.ts';

type Zone = Occupancy['zones'][number];

/**
 * The figure is read again this often even while the real-time channel is open: people leave a
 * store without any event (a track counts for two minutes after it ended), so only time lowers it.
 */
export const OCCUPANCY_POLL_MS = 30_000;

/** Each zone of the plan filled by how full it is against its threshold, with its figure on it. */
function drawZones(context: CanvasRenderingContext2D, view: PlanView, zones: readonly Zone[]) {
  for (const zone of zones) {
    const colours = LEVEL_COLOURS[occupancyLevel(zone.people, zone.threshold)];
    context.beginPath();
    zone.points.forEach((point, index) => {
      if (index === 0) context.moveTo(point.x * view.scale, point.y * view.scale);
      else context.lineTo(point.x * view.scale, point.y * view.scale);
    });
    context.closePath();
    context.fillStyle = colours.fill;
    context.fill();
    context.strokeStyle = colours.stroke;
    context.lineWidth = 2;
    context.stroke();
    const at = labelPoint(zone.points);
    const text = zone.threshold === null ? String(zone.people) : `${zone.people} / ${zone.threshold}`;
    context.font = 'bold 14px sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.lineWidth = 3;
    context.strokeStyle = 'rgba(255, 255, 255, 0.9)';
    context.strokeText(text, at.x * view.scale, at.y * view.scale);
    context.fillStyle = '#1f1f1f';
    context.fillText(text, at.x * view.scale, at.y * view.scale);
  }
}

/** The store's threshold, for those who may set it (the operation's key, not observers); read-only for the rest. */
function StoreThreshold({ shopId, threshold, onSaved }: { shopId: string; threshold: number | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rid = useSessionStore((state) => state.rid);
  const canSet = useCan('stayregion_update') === 'shown' && rid !== RoleId.observer;
  const [value, setValue] = useState<number | null>(threshold);
  const [saving, setSaving] = useState(false);
  // A threshold saved elsewhere: the field starts from it again (another store is another component: keyed).
  useEffect(() => setValue(threshold), [threshold]);
  const error = firstError(occupancyThresholdValueSchema, value);
  if (!canSet) {
    return (
      <Space orientation="vertical" size={4}>
        <Typography.Text data-testid="occupancy-threshold-value">{threshold === null ? t('areaAnalysis:occupancy.noThreshold') : threshold}</Typography.Text>
        <Typography.Text type="secondary">{t('messages:errors.contactAccountManager')}</Typography.Text>
      </Space>
    );
  }
  const save = async () => {
    if (error) return;
    setSaving(true);
    try {
      await callOperation(ops.setOccupancyThreshold, { shopId, threshold: value });
      message.success(t('areaAnalysis:occupancy.thresholdSaved'));
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form layout="vertical" size="small" onFinish={save} style={{ maxWidth: 360 }}>
      <Form.Item
        label={t('areaAnalysis:occupancy.storeThreshold')}
        htmlFor="occupancy-threshold"
        validateStatus={error ? 'error' : undefined}
        help={error ? <span data-testid="occupancy-threshold-error">{translateMessageRef(error)}</span> : t('areaAnalysis:occupancy.thresholdHelp')}
      >
        <Space size={8}>
          <InputNumber<number>
            id="occupancy-threshold"
            value={value}
            onChange={(next) => setValue(next ?? null)}
            placeholder={t('areaAnalysis:occupancy.noThreshold')}
            style={{ width: 140 }}
            data-testid="occupancy-threshold"
          />
          <Button type="primary" htmlType="submit" loading={saving} disabled={error !== null || value === threshold} data-testid="occupancy-threshold-save">
            {t('common:save')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/**
 * /area/occupancy (issue 13, beyond the spec): the people in a store now and in each of its zones
 * (enabled regions and dwell zones), on the floor plan coloured by how full each is against its
 * threshold and as a list. Read again when the real-time channel says the store's boxes sent
 * something (tracks), and every 30 s, when people who left drop out.
 */
export function OccupancyPage() {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const choice = useAreaPlan();
  const image = useAreaPlanImage(choice.plan);
  const shopId = choice.shopId;
  const occupancy = useQuery({
    queryKey: [ops.occupancy.name, shopId],
    queryFn: ({ signal }) => callOperation(ops.occupancy, { shopId: shopId ?? '' }, { signal }),
    enabled: shopId !== null,
    refetchInterval: OCCUPANCY_POLL_MS,
  });
  const refetch = occupancy.refetch;
  useLiveDashboard(shopId ? [shopId] : [], () => void refetch());
  const data = shopId !== null && occupancy.data?.shopId === shopId ? occupancy.data : undefined;
  const planId = choice.plan?.id;
  const planZones = useMemo(() => (data?.zones ?? []).filter((zone) => zone.planId === planId), [data, planId]);
  const draw = useCallback((context: CanvasRenderingContext2D, view: PlanView) => drawZones(context, view, planZones), [planZones]);
  const storeLevel = data ? occupancyLevel(data.people, data.threshold) : 'none';
  const planName = (planId: string) => choice.plans.find((plan) => plan.id === planId)?.name ?? '';

  const columns: TableColumnType<Zone>[] = [
    { key: 'name', title: t('areaAnalysis:region'), dataIndex: 'name' },
    { key: 'kind', title: t('areaAnalysis:kind'), render: (_, zone) => t(`areaAnalysis:kinds.${zone.kind}`) },
    ...(choice.plans.length > 1 ? [{ key: 'plan', title: t('areaAnalysis:plan'), render: (_: unknown, zone: Zone) => planName(zone.planId) }] : []),
    { key: 'people', title: t('areaAnalysis:occupancy.people'), dataIndex: 'people', align: 'right' },
    {
      key: 'threshold',
      title: t('areaAnalysis:occupancy.threshold'),
      align: 'right',
      render: (_, zone) => zone.threshold ?? '--',
    },
    {
      key: 'level',
      title: t('areaAnalysis:occupancy.status'),
      render: (_, zone) => {
        const level = occupancyLevel(zone.people, zone.threshold);
        return <Tag color={LEVEL_COLOURS[level].tag}>{t(`areaAnalysis:occupancy.levels.${level}`)}</Tag>;
      },
    },
  ];

  return (
    <AnalyticsPage testId="area-occupancy" shops={choice.shops} toolbar={<AreaToolbar choice={choice} range={false} hours={false} />}>
      {shopId && data ? (
        <Card size="small">
          <Space size={48} wrap align="start">
            <div data-testid="occupancy-store" data-people={data.people}>
              <Statistic
                title={t('areaAnalysis:occupancy.inStore')}
                value={data.people}
                suffix={data.threshold === null ? undefined : `/ ${data.threshold}`}
                valueStyle={storeLevel === 'none' ? undefined : { color: LEVEL_COLOURS[storeLevel].stroke }}
              />
            </div>
            <Space orientation="vertical" size={4}>
              <Tag color={LEVEL_COLOURS[storeLevel].tag} data-testid="occupancy-store-level">
                {t(`areaAnalysis:occupancy.levels.${storeLevel}`)}
              </Tag>
              <Typography.Text type="secondary" data-testid="occupancy-updated">
                {t('areaAnalysis:occupancy.updated', { at: formatDateTime(data.at, locale, { seconds: true }) })}
              </Typography.Text>
              <Typography.Text type="secondary">{t('areaAnalysis:occupancy.window', { minutes: AREA_ANALYSIS.occupancyWindowSeconds / 60 })}</Typography.Text>
            </Space>
            <StoreThreshold key={shopId} shopId={shopId} threshold={data.threshold} onSaved={() => void refetch()} />
          </Space>
        </Card>
      ) : null}
      {data && data.people === 0 ? (
        <Alert
          type="info"
          showIcon
          title={t('areaAnalysis:occupancy.nobody', { minutes: AREA_ANALYSIS.occupancyWindowSeconds / 60 })}
          data-testid="occupancy-empty"
        />
      ) : null}
      {shopId && !choice.settling && !choice.plan ? (
        <Typography.Paragraph type="secondary" data-testid="area-no-plan">
          {t('areaAnalysis:noPlan')}
        </Typography.Paragraph>
      ) : null}
      {choice.plan && data ? (
        <Card size="small" title={t('areaAnalysis:occupancy.onPlan')}>
          <PlanCanvas plan={choice.plan} image={image} draw={draw} label={t('areaAnalysis:occupancy.onPlan')} testId="occupancy-canvas" />
        </Card>
      ) : null}
      {choice.plan ? (
        <Card size="small" title={t('areaAnalysis:occupancy.zones')}>
          <Table<Zone>
            rowKey="elementId"
            size="small"
            columns={columns}
            dataSource={data?.zones ?? []}
            loading={occupancy.isPending}
            pagination={false}
            locale={{ emptyText: t('areaAnalysis:occupancy.noZones') }}
            data-testid="occupancy-zones"
          />
        </Card>
      ) : null}
    </AnalyticsPage>
  );
}
