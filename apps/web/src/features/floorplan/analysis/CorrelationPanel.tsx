import { type AreaQuery, areaAnalysisOperations as ops } from '@storelens/contracts';
import { Card, Empty, Table, type TableColumnType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../shared/analytics/ExportButton.tsx';
import { type CorrelationRow, correlationColour, correlationRows, hasCorrelations } from './correlationMatrix.ts';
import { exportAreaTable } from './exports.ts';
import { useAreaQuery } from './useAreaQuery.ts';

/**
 * /area/overview's correlations (floorplan.correlations): which regions get busy at the same hours,
 * as a region × region table coloured like a heat map, exported through the area download.
 */
export function CorrelationPanel({ query, ready }: { query: AreaQuery; ready: boolean }) {
  const { t } = useTranslation();
  const correlations = useAreaQuery(ops.correlations, query, ready);
  const rows = useMemo(() => (correlations.data ? correlationRows(correlations.data) : []), [correlations.data]);
  const columns: TableColumnType<CorrelationRow>[] = [
    { key: 'name', title: t('areaAnalysis:region'), dataIndex: 'name', fixed: 'left' },
    ...rows.map((column) => ({
      key: column.elementId,
      title: column.name,
      align: 'right' as const,
      onCell: (row: CorrelationRow) => {
        const value = row.cells[column.elementId] ?? null;
        return { style: { background: correlationColour(value) } };
      },
      render: (_: unknown, row: CorrelationRow) => {
        if (row.elementId === column.elementId) return '—';
        const value = row.cells[column.elementId] ?? null;
        return (
          <span data-testid={`area-correlation-${row.elementId}-${column.elementId}`} data-value={value ?? ''}>
            {value === null ? '--' : value.toFixed(3)}
          </span>
        );
      },
    })),
  ];

  return (
    <Card
      size="small"
      title={t('areaAnalysis:correlations.title')}
      extra={
        <ExportButton
          fileName={t('messages:area.titleCorrelations')}
          download={() => exportAreaTable({ table: 'correlations', query })}
          disabled={!ready || !hasCorrelations(correlations.data)}
          testId="area-correlations-export"
        />
      }
      data-testid="area-correlations"
    >
      <Typography.Paragraph type="secondary">{t('areaAnalysis:correlations.explain')}</Typography.Paragraph>
      {!correlations.isFetching && !hasCorrelations(correlations.data) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('areaAnalysis:correlations.empty')} data-testid="area-correlations-empty" />
      ) : (
        <Table<CorrelationRow>
          rowKey="elementId"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={correlations.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="area-correlations-table"
        />
      )}
    </Card>
  );
}
