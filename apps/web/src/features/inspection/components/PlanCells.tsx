import type { Cycle, Progress as PlanProgress, PlanStatus } from '@storelens/contracts';
import { Progress, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<PlanStatus, string> = {
  draft: 'default',
  notEffective: 'purple',
  pending: 'gold',
  inProgress: 'blue',
  paused: 'orange',
  expired: 'red',
  completed: 'green',
  completedExpired: 'cyan',
  deleted: 'default',
};

/** A plan's state as a coloured tag (the colour only repeats what the text says). */
export function PlanStatusTag({ status }: { status: PlanStatus }) {
  const { t } = useTranslation('inspectionPlans');
  return (
    <Tag color={STATUS_COLOURS[status]} bordered={false} data-testid={`plan-status-${status}`}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** Done of total as a small bar with its figures; '--' before any assignment exists. */
export function ProgressCell({ progress }: { progress: PlanProgress }) {
  if (progress.total === 0) return <Typography.Text type="secondary">--</Typography.Text>;
  return (
    <div style={{ minWidth: 110 }}>
      <Progress percent={progress.rate ?? 0} size="small" showInfo={false} aria-label={`${progress.done} / ${progress.total}`} />
      <Typography.Text style={{ fontSize: 12 }}>{`${progress.done} / ${progress.total}`}</Typography.Text>
    </div>
  );
}

export const passRateText = (progress: PlanProgress) => (progress.passRate === null ? '--' : `${progress.passRate.toFixed(1)}%`);

/** A cycle as people read it: 'Weekly: Mon, Wed'. */
export function cycleText(cycle: Cycle | null, t: TFunction): string {
  if (!cycle) return t('inspectionPlans:cycle.once');
  if (cycle.frequency === 'daily') return t('inspectionPlans:cycle.daily');
  if (cycle.frequency === 'weekly')
    return t('inspectionPlans:cycle.weekly', { days: (cycle.weekdays ?? []).map((day) => t(`inspectionPlans:weekdays.${day}`)).join(', ') });
  return t('inspectionPlans:cycle.monthly', { days: (cycle.monthDays ?? []).join(', ') });
}

/** The progress and pass-rate columns every progress table ends with (plans, phases, stores). */
export function progressColumns<Row extends { progress: PlanProgress }>(t: TFunction): TableColumnsType<Row> {
  return [
    { key: 'progress', title: t('inspectionPlans:detail.columns.progress'), width: 160, render: (_, row) => <ProgressCell progress={row.progress} /> },
    { key: 'passRate', title: t('inspectionPlans:detail.columns.passRate'), width: 100, align: 'right', render: (_, row) => passRateText(row.progress) },
  ];
}
