import { Card, Col, Row, Table, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Chart } from '../../../../shared/analytics/Chart.tsx';
import type { ChartOption } from '../../../../shared/analytics/chartOption.ts';

export interface SectionChart {
  option: ChartOption;
  empty: boolean;
  testId: string;
  height?: number;
  /** Its name for screen readers; the section's title when left out. */
  label?: string;
}

export interface VisitorSectionCardProps<Item extends object> {
  title: string;
  /** What the figures count, in a sentence under the title. */
  hint?: string;
  /** Right of the title: the export, a granularity switch. */
  extra?: ReactNode;
  /** One chart beside the table, or two side by side above it. */
  charts: SectionChart[];
  columns: TableColumnsType<Item>;
  rows: Item[];
  rowKey: keyof Item & string;
  loading: boolean;
  testId: string;
  /** Under the table: averages, thresholds. */
  footer?: ReactNode;
}

/**
 * One section of the visitor analytics page: its chart(s) and the same numbers as a table (what
 * the section's export writes), so every section reads alike.
 */
export function VisitorSectionCard<Item extends object>({
  title,
  hint,
  extra,
  charts,
  columns,
  rows,
  rowKey,
  loading,
  testId,
  footer,
}: VisitorSectionCardProps<Item>) {
  const table = (
    <Table<Item>
      rowKey={rowKey}
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={{ pageSize: 31, hideOnSinglePage: true, showSizeChanger: false }}
      scroll={{ x: 'max-content' }}
      data-testid={`${testId}-table`}
    />
  );
  const chartOf = (chart: SectionChart) => (
    <Chart
      key={chart.testId}
      option={chart.option}
      empty={chart.empty}
      loading={loading}
      height={chart.height ?? 280}
      testId={chart.testId}
      label={chart.label ?? title}
    />
  );
  return (
    <Card
      size="small"
      title={
        <span>
          {title}
          {hint && (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 12, marginLeft: 8 }}>
              {hint}
            </Typography.Text>
          )}
        </span>
      }
      extra={extra}
      data-testid={testId}
    >
      {charts.length === 1 && charts[0] ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={13}>
            {chartOf(charts[0])}
          </Col>
          <Col xs={24} lg={11}>
            {table}
            {footer}
          </Col>
        </Row>
      ) : (
        <Row gutter={[16, 16]}>
          {charts.map((chart) => (
            <Col key={chart.testId} xs={24} lg={Math.floor(24 / Math.max(1, charts.length))}>
              {chartOf(chart)}
            </Col>
          ))}
          <Col span={24}>
            {table}
            {footer}
          </Col>
        </Row>
      )}
    </Card>
  );
}
