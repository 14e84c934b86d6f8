import { type EnterAnalysis, areaAnalysisOperations as ops } from '@storelens/contracts';
import { Card, Table, type TableColumnType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsPage } from '../../../../shared/analytics/AnalyticsPage.tsx';
import { Chart } from '../../../../shared/analytics/Chart.tsx';
import { hasChartData } from '../../../../shared/analytics/chartOption.ts';
import { ExportButton } from '../../../../shared/analytics/ExportButton.tsx';
import { AreaToolbar, PlanNotices } from '../AreaToolbar.tsx';
import { exportAreaTable } from '../exports.ts';
import { GeometryVersionsLine } from '../GeometryVersionsLine.tsx';
import { seriesOption } from '../seriesOption.ts';
import { areaQueryOf, datesIn, useAreaPlan } from '../useAreaPlan.ts';
import { useAreaQuery } from '../useAreaQuery.ts';

type Area = EnterAnalysis['areas'][number];

/** /area/entryAnalysis: the plan's entrance areas: passages, their trend by day and hour, and who came in by gender and age. */
export function EntryAnalysisPage() {
  const { t } = useTranslation();
  const choice = useAreaPlan();
  const query = areaQueryOf(choice);
  const answer = useAreaQuery(ops.enterAnalysis, query, choice.ready);
  const areas = answer.data?.areas ?? [];
  const dates = useMemo(() => datesIn(choice.range), [choice.range]);
  const trend = useMemo(
    () =>
      seriesOption(
        dates.map((date) => date.slice(5)),
        areas.map((area) => ({
          type: 'line' as const,
          name: area.name,
          values: dates.map((date) => answer.data?.daily.find((row) => row.date === date && row.elementId === area.elementId)?.entries ?? 0),
        })),
      ),
    [areas, answer.data, dates],
  );
  const columns: TableColumnType<Area>[] = [
    { key: 'name', title: t('areaAnalysis:enterArea'), dataIndex: 'name' },
    { key: 'entries', title: t('areaAnalysis:entries'), dataIndex: 'entries', align: 'right' },
    { key: 'male', title: t('areaAnalysis:male'), dataIndex: 'male', align: 'right' },
    { key: 'female', title: t('areaAnalysis:female'), dataIndex: 'female', align: 'right' },
    { key: 'unknown', title: t('areaAnalysis:unknown'), dataIndex: 'genderUnknown', align: 'right' },
    ...(areas[0]?.ages ?? []).map((age, index) => ({
      key: `age-${age.band}`,
      title: age.band === 'unknown' ? t('areaAnalysis:ageUnknown') : age.band,
      align: 'right' as const,
      render: (_: unknown, row: Area) => row.ages[index]?.entries ?? 0,
    })),
  ];
  return (
    <AnalyticsPage
      testId="area-entry"
      shops={choice.shops}
      toolbar={
        <AreaToolbar
          choice={choice}
          actions={
            <ExportButton
              fileName={t('messages:area.titleEnter')}
              download={() => exportAreaTable({ table: 'enter', query })}
              disabled={!choice.ready}
              testId="area-entry-export"
            />
          }
        />
      }
    >
      <PlanNotices choice={choice} />
      <GeometryVersionsLine answers={[answer.data?.geometry]} />
      <Card size="small" title={t('areaAnalysis:enterTrend')}>
        <Chart
          label={t('areaAnalysis:enterTrend')}
          option={trend}
          empty={!hasChartData([(answer.data?.daily ?? []).map((row) => row.entries)])}
          loading={answer.isFetching}
          height={260}
          testId="area-entry-chart"
        />
      </Card>
      <Card size="small" title={t('areaAnalysis:enterAreas')}>
        <Table<Area>
          rowKey="elementId"
          size="small"
          columns={columns}
          dataSource={areas}
          loading={answer.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="area-entry-table"
        />
      </Card>
    </AnalyticsPage>
  );
}
