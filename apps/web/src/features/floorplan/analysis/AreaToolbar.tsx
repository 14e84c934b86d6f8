import { Select, Slider, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsToolbar } from '../../../shared/analytics/AnalyticsToolbar.tsx';
import { RecomputeNotice } from './RecomputeNotice.tsx';
import type { AreaPlanChoice } from './useAreaPlan.ts';

/** The area pages' bar: store, floor plan, date range, hour range, the page's own controls and export. */
export function AreaToolbar({
  choice,
  children,
  actions,
  range = true,
  hours = true,
}: {
  choice: AreaPlanChoice;
  children?: ReactNode;
  actions?: ReactNode;
  range?: boolean;
  hours?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <AnalyticsToolbar
      shops={choice.shops}
      {...(range ? { range: { value: choice.range, onChange: choice.setRange, maxDays: 90, today: choice.today } } : {})}
      actions={actions}
    >
      <Select
        aria-label={t('areaAnalysis:plan')}
        placeholder={t('areaAnalysis:plan')}
        value={choice.plan?.id}
        onChange={choice.setPlanId}
        options={choice.plans.map((plan) => ({ value: plan.id, label: plan.name }))}
        style={{ minWidth: 160 }}
        loading={choice.loading}
        data-testid="area-plan"
      />
      {hours && (
        <Space size={4} align="center">
          <Typography.Text type="secondary">{t('areaAnalysis:hours')}</Typography.Text>
          <Slider
            range
            min={0}
            max={23}
            value={choice.hours}
            onChange={(value) => choice.setHours([value[0] ?? 0, value[1] ?? 23])}
            style={{ width: 160 }}
            ariaLabelForHandle={[t('areaAnalysis:hoursFrom'), t('areaAnalysis:hoursTo')]}
            tooltip={{ formatter: (value) => `${String(value).padStart(2, '0')}:00` }}
            data-testid="area-hours"
          />
        </Space>
      )}
      {children}
    </AnalyticsToolbar>
  );
}

/** What a page says above its figures: that the store has no floor plan, or that the plan's figures are being measured again after an edit. */
export function PlanNotices({ choice }: { choice: AreaPlanChoice }) {
  const { t } = useTranslation();
  if (choice.ready) return <RecomputeNotice planId={choice.plan?.id ?? null} />;
  // Until the store's plans are known the page cannot say anything true of them (nor export).
  if (choice.settling) return <Spin size="small" data-testid="area-plan-loading" />;
  if (!choice.shopId || choice.loading) return null;
  return (
    <Typography.Paragraph type="secondary" data-testid="area-no-plan">
      {t('areaAnalysis:noPlan')}
    </Typography.Paragraph>
  );
}
