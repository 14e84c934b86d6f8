import type { Coverage } from '@storelens/contracts';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChartMark } from './indicatorChart.ts';
import { INCOMPLETE_MARK_COLOUR } from './palette.ts';

/**
 * Data completeness of a bucket (issue 11), beside its period in a table: 'no data' when no
 * selected store's devices reported, 'incomplete data' when a reporting store was silent in a
 * business hour (a device outage, not a bad day).
 */
export function CoverageNote({ coverage }: { coverage: Coverage | undefined }) {
  const { t } = useTranslation();
  if (!coverage) return null;
  if (coverage.reporting === 0)
    return (
      <Typography.Text type="secondary" data-testid="coverage-none">
        {` (${t('analytics:completeness.noDataBucket')})`}
      </Typography.Text>
    );
  if (coverage.complete >= coverage.reporting) return null;
  return (
    <Tooltip title={t('analytics:completeness.incompleteBucket', { complete: coverage.complete, shops: coverage.shops })}>
      <Typography.Text type="warning" data-testid="coverage-incomplete">{` (${t('analytics:completeness.incomplete')})`}</Typography.Text>
    </Tooltip>
  );
}

/** An amber band on the chart for each bucket where a reporting store was silent in a business hour. */
export function incompleteMarks(categories: readonly string[], points: readonly { coverage?: Coverage | undefined }[]): ChartMark[] {
  return categories.flatMap((category, index) => {
    const coverage = points[index]?.coverage;
    return coverage && coverage.reporting > 0 && coverage.complete < coverage.reporting
      ? [{ from: category, to: category, colour: INCOMPLETE_MARK_COLOUR }]
      : [];
  });
}
