import type { ReportDimension, ReportIndicator } from '@storelens/contracts';
import { Card, Space, Table, type TableColumnType, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../../shared/analytics/Chart.tsx';
import { hasChartData } from '../../../../shared/analytics/chartOption.ts';
import { formatIndicator } from '../../../../shared/analytics/format.ts';
import { indicatorTitle } from '../../../../shared/analytics/IndicatorSelect.tsx';
import { periodLabel } from '../../../../shared/analytics/indicatorChart.ts';
import { indicatorColumns } from '../../../../shared/analytics/indicatorColumns.tsx';
import { partialNote } from '../../../../shared/analytics/partial.ts';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import type { ReportTable } from '../../api.ts';
import { reportChart } from './reportChart.ts';
import { dimensionHasShop, granularityOfDimension } from './reportForm.ts';

type Row = ReportTable['rows'][number];

/** The period column's title, as the export titles it: Date, Hour, Week (from Monday), Month. */
const PERIOD_TITLE: Record<Exclude<ReportDimension, 'shop'>, string> = {
  day: 'messages:export.date',
  shopDay: 'messages:export.date',
  hour: 'messages:export.hour',
  week: 'messages:export.week',
  month: 'messages:export.month',
};

/** A report's answer as a chart and a table with its totals (the same table the export writes). */
export function ReportResult({ table, loading }: { table: ReportTable; loading: boolean }) {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const { dimension, indicators } = table;
  const chart = useMemo(() => reportChart(table, (indicator) => indicatorTitle(t, indicator), locale), [table, t, locale]);

  const leading: TableColumnType<Row>[] = [
    ...(dimensionHasShop(dimension)
      ? [
          { key: 'shopNumber', title: t('messages:export.shopNumber'), dataIndex: 'shopNumber' },
          { key: 'shop', title: t('messages:export.shop'), dataIndex: 'shopName' },
        ]
      : []),
    ...(dimension !== 'shop'
      ? [
          {
            key: 'period',
            title: t(PERIOD_TITLE[dimension]),
            render: (_: unknown, row: Row) => periodLabel(row.period ?? row.key, granularityOfDimension(dimension), 'long'),
          },
        ]
      : []),
  ];
  const dataColumn: TableColumnType<Row> = {
    key: 'data',
    title: t('traffic:customTool.analysis.data'),
    render: (_: unknown, row: Row) => <RowCompleteness row={row} hourly={dimension === 'hour'} />,
  };
  const columns = [...leading, ...indicatorColumns<Row, ReportIndicator>(indicators, t, locale, (row, indicator) => row.values[indicator]), dataColumn];
  const firstIndicator: ReportIndicator | undefined = indicators[0];

  return (
    <>
      <Card
        size="small"
        title={
          dimension === 'shopDay' && firstIndicator
            ? t('traffic:customTool.analysis.chartByShop', { indicator: indicatorTitle(t, firstIndicator) })
            : t('traffic:customTool.analysis.chartTitle')
        }
      >
        <Chart
          option={chart.option}
          empty={!hasChartData(chart.values)}
          loading={loading}
          height={360}
          testId="report-chart"
          label={
            dimension === 'shopDay' && firstIndicator
              ? t('traffic:customTool.analysis.chartByShop', { indicator: indicatorTitle(t, firstIndicator) })
              : t('traffic:customTool.analysis.chartTitle')
          }
        />
      </Card>
      <Card size="small" title={t('traffic:customTool.analysis.tableTitle')}>
        <Table<Row>
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={table.rows}
          loading={loading}
          pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 'max-content' }}
          data-testid="report-table"
          summary={() => (
            <Table.Summary fixed>
              <Table.Summary.Row data-testid="report-totals">
                <Table.Summary.Cell index={0} colSpan={leading.length}>
                  <strong>{t('messages:export.total')}</strong>
                </Table.Summary.Cell>
                {indicators.map((indicator, index) => (
                  <Table.Summary.Cell key={indicator} index={leading.length + index} align="right">
                    <strong>{formatIndicator(indicator, table.totals[indicator], locale)}</strong>
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={leading.length + indicators.length}>
                  <RowCompleteness row={{ storeDays: table.totalsStoreDays }} hourly={dimension === 'hour'} />
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          )}
        />
      </Card>
    </>
  );
}

/**
 * A row's data completeness (issue 11): 'partial' for a running day or edge period, 'no data' when
 * none of its store-days reported, 'incomplete' (the counts on hover) when some did not or had a
 * device outage; nothing when every store-day reported in full.
 */
function RowCompleteness({ row, hourly }: { row: Pick<Row, 'storeDays' | 'partial'>; hourly: boolean }) {
  const { t } = useTranslation();
  const count = row.storeDays;
  const tags = [];
  if (row.partial)
    tags.push(
      <Tooltip key="partial" title={partialNote(row.partial, t)}>
        <Tag data-testid="report-row-partial">{t('analytics:partial.short')}</Tag>
      </Tooltip>,
    );
  if (count && count.total > 0 && count.reporting === 0)
    tags.push(
      <Tag key="none" data-testid="report-row-no-data">
        {t('analytics:completeness.noData')}
      </Tag>,
    );
  else if (count && (count.reporting < count.total || count.complete < count.reporting)) {
    const params = { total: count.total, reporting: count.reporting, incomplete: count.reporting - count.complete };
    tags.push(
      <Tooltip key="incomplete" title={t(hourly ? 'traffic:customTool.analysis.storeHours' : 'traffic:customTool.analysis.storeDays', params)}>
        <Tag color="warning" data-testid="report-row-incomplete">
          {t('analytics:completeness.incomplete')}
        </Tag>
      </Tooltip>,
    );
  }
  return tags.length > 0 ? <Space size={4}>{tags}</Space> : null;
}
