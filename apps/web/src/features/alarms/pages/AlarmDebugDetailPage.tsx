import type { AlarmDebugReport } from '@storelens/contracts';
import { Card, Descriptions, Empty, Flex, Spin, Table, type TableColumnsType, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { useAlarmDebugDetail } from '../api.ts';
import { alarmDebugDetailPath, alarmDetailPath } from '../routes.tsx';
import { OUTCOME_COLOR } from './EventDebugPage.tsx';

/** A step's facts as `key: value` pairs, in the order the server wrote them. */
function stepFacts(detail: AlarmDebugReport['steps'][number]['detail']): string {
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${value === null ? '—' : String(value)}`)
    .join(' · ');
}

/**
 * The hidden /eventDebug/alarmDetailDebug (?reportId=): one report as the box sent it (the payload,
 * images replaced by their size and hash), each step the server took with it, and its alarm with
 * every report that folded into that alarm.
 */
export function AlarmDebugDetailPage() {
  const { t } = useTranslation('alarms');
  const locale = useSessionStore((state) => state.locale);
  const [params] = useSearchParams();
  const reportId = params.get('reportId') ?? '';
  const detail = useAlarmDebugDetail(reportId);
  if (!reportId || detail.isError) return <Empty description={t('debug.notFound')} />;
  if (!detail.data) return <Spin />;
  const { report, alarm, reports } = detail.data;

  const reportColumns: TableColumnsType<AlarmDebugReport> = [
    {
      key: 'received',
      title: t('debug.received'),
      render: (_, row) =>
        row.reportId === report.reportId ? (
          <Typography.Text strong>{formatDateTime(row.receivedAt, locale)}</Typography.Text>
        ) : (
          <Link to={alarmDebugDetailPath(row.reportId)}>{formatDateTime(row.receivedAt, locale)}</Link>
        ),
    },
    { key: 'occurred', title: t('debug.occurred'), render: (_, row) => formatDateTime(row.occurredAt, locale) },
    { key: 'outcome', title: t('debug.outcome'), render: (_, row) => <Tag color={OUTCOME_COLOR[row.outcome]}>{t(`debug.outcomes.${row.outcome}`)}</Tag> },
    { key: 'box', title: t('debug.box'), render: (_, row) => `${row.boxId} · ${row.eventId}` },
  ];

  return (
    <Flex vertical gap={16} data-testid="alarm-debug-detail" data-outcome={report.outcome}>
      <Card size="small">
        <SectionHeading style={{ marginTop: 0 }}>{`${report.shopName} · ${report.eventCode}`}</SectionHeading>
        <Descriptions size="small" column={2}>
          <Descriptions.Item label={t('debug.outcome')}>
            <Tag color={OUTCOME_COLOR[report.outcome]}>{t(`debug.outcomes.${report.outcome}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.camera')}>{report.cameraName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('debug.occurred')}>{formatDateTime(report.occurredAt, locale)}</Descriptions.Item>
          <Descriptions.Item label={t('debug.received')}>{formatDateTime(report.receivedAt, locale)}</Descriptions.Item>
          <Descriptions.Item label={t('columns.priority')}>{t(`priority.${report.priority}`)}</Descriptions.Item>
          <Descriptions.Item label={t('debug.box')}>{`${report.boxId} · ${report.eventId} · ${report.batchRef}`}</Descriptions.Item>
          <Descriptions.Item label={t('debug.alarmNow')}>
            {alarm ? (
              <Link to={alarmDetailPath(alarm.alarmId)} data-testid="debug-open-alarm">
                {`${alarm.eventName} · ${t(`state.${alarm.state}`)}${alarm.deleteReason ? ` (${t(`deleteReason.${alarm.deleteReason}`)})` : ''}`}
              </Link>
            ) : (
              t('debug.noAlarm')
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('debug.steps')}>
        <Timeline
          data-testid="debug-steps"
          items={report.steps.map((step) => ({
            children: (
              <Flex vertical data-testid={`debug-step-${step.step}`}>
                <Typography.Text strong>{`${t(`debug.step.${step.step}`)} · ${formatDateTime(step.at, locale)}`}</Typography.Text>
                {Object.keys(step.detail).length > 0 ? <Typography.Text type="secondary">{stepFacts(step.detail)}</Typography.Text> : null}
              </Flex>
            ),
          }))}
        />
      </Card>
      <Card size="small" title={t('debug.payload')}>
        <pre data-testid="debug-payload" style={{ margin: 0, maxHeight: 360, overflow: 'auto', fontSize: 12 }}>
          {JSON.stringify(report.payload, null, 2)}
        </pre>
      </Card>
      {alarm ? (
        <Card size="small" title={t('debug.reportsOfAlarm', { count: reports.length })}>
          <Table<AlarmDebugReport> rowKey="reportId" size="small" columns={reportColumns} dataSource={reports} pagination={false} data-testid="debug-reports" />
        </Card>
      ) : null}
    </Flex>
  );
}
