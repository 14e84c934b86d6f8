import { ALARM_ERROR_STATES, type AlarmErrorReportRow, type AlarmErrorState, RoleId } from '@storelens/contracts';
import { App, Button, Card, Flex, Input, Modal, Select, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { ListFilters, useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { decideAlarmErrorReport, useAlarmErrorReports, useAlarmRefresh } from '../api.ts';
import { AlarmDateRange, AlarmStoreSelect, useAlarmListFilters } from '../components/AlarmFilters.tsx';
import { incidentAlarmPath } from '../routes.tsx';

const STATE_COLOR: Record<AlarmErrorState, string> = { pending: 'gold', accepted: 'green', rejected: 'default' };

/** The operator's answer to one pending report: accept or reject, with a note the reporter reads. */
function DecideModal({ report, onClose }: { report: AlarmErrorReportRow | null; onClose(): void }) {
  const { t } = useTranslation('alarms');
  const { message } = App.useApp();
  const refresh = useAlarmRefresh();
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const decide = async (outcome: 'accepted' | 'rejected') => {
    if (!report) return;
    setSaving(true);
    try {
      await decideAlarmErrorReport({ reportId: report.reportId, outcome, ...(note.trim() ? { note: note.trim() } : {}) });
      void message.success(t(`incident.decided.${outcome}`));
      setNote('');
      onClose();
      await refresh();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={report !== null}
      title={t('incident.decideTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="reject" loading={saving} onClick={() => void decide('rejected')} data-testid="incident-reject">
          {t('incident.reject')}
        </Button>,
        <Button key="accept" type="primary" loading={saving} onClick={() => void decide('accepted')} data-testid="incident-accept">
          {t('incident.accept')}
        </Button>,
      ]}
    >
      {report ? (
        <Flex vertical gap={8}>
          <Typography.Text>{`${report.shopName} · ${report.eventName} · ${t(`errorKind.${report.kind}`)}`}</Typography.Text>
          {report.description ? <Typography.Paragraph type="secondary">{report.description}</Typography.Paragraph> : null}
          <Input.TextArea
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={500}
            showCount
            rows={3}
            placeholder={t('incident.notePlaceholder')}
            aria-label={t('incident.note')}
            data-testid="incident-note"
          />
        </Flex>
      ) : null}
    </Modal>
  );
}

/**
 * /AIInspection/ReportIncident: the AI error reports of the caller's stores and what became of them.
 * Anyone who sees the page sees each report's outcome; our operators (inner operation role) accept
 * or reject pending ones with a note, and the reporter is told in the message center.
 */
export function IncidentReportsPage() {
  const { t } = useTranslation('alarms');
  const locale = useSessionStore((state) => state.locale);
  const isOperator = useSessionStore((state) => state.rid === RoleId.innerOperation);
  const common = useAlarmListFilters();
  const [states, setStates] = useState<AlarmErrorState[]>([]);
  const [mine, setMine] = useState(false);
  const [deciding, setDeciding] = useState<AlarmErrorReportRow | null>(null);
  const filter = { ...common.request, ...(states.length > 0 ? { states } : {}), ...(mine ? { mine } : {}) };
  const paging = usePaging(JSON.stringify(filter));
  const reports = useAlarmErrorReports({ ...filter, page: paging.page, pageSize: paging.pageSize });
  const pagination = useTablePagination(paging, reports.data?.total ?? 0);

  const columns: TableColumnsType<AlarmErrorReportRow> = [
    {
      key: 'alarm',
      title: t('columns.event'),
      render: (_, row) => (
        <Link to={incidentAlarmPath(row.alarmId)} data-testid={`incident-alarm-${row.reportId}`}>
          {row.eventName}
        </Link>
      ),
    },
    { key: 'store', title: t('columns.store'), width: 170, render: (_, row) => row.shopName },
    { key: 'occurred', title: t('columns.time'), width: 160, render: (_, row) => formatDateTime(row.occurredAt, locale) },
    {
      key: 'kind',
      title: t('incident.kind'),
      render: (_, row) => (
        <Flex vertical>
          <span>{t(`errorKind.${row.kind}`)}</span>
          {row.description ? <Typography.Text type="secondary">{row.description}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      key: 'reporter',
      title: t('incident.reporter'),
      width: 170,
      render: (_, row) => (
        <Flex vertical>
          <span>{row.reporterName}</span>
          <Typography.Text type="secondary">{formatDateTime(row.createdAt, locale)}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('columns.state'),
      width: 220,
      render: (_, row) => (
        <Flex vertical gap={2} data-testid={`incident-state-${row.reportId}`} data-state={row.state}>
          <span>
            <Tag color={STATE_COLOR[row.state]}>{t(`incident.state.${row.state}`)}</Tag>
          </span>
          {row.outcomeNote ? <Typography.Text>{row.outcomeNote}</Typography.Text> : null}
          {row.handledAt ? <Typography.Text type="secondary">{`${row.handledByName ?? ''} · ${formatDateTime(row.handledAt, locale)}`}</Typography.Text> : null}
        </Flex>
      ),
    },
    ...(isOperator
      ? [
          {
            key: 'decide',
            title: t('common:actions'),
            width: 100,
            render: (_: unknown, row: AlarmErrorReportRow) =>
              row.state === 'pending' ? (
                <Button size="small" onClick={() => setDeciding(row)} data-testid={`incident-decide-${row.reportId}`}>
                  {t('incident.decide')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Card size="small" data-testid="incident-reports">
      <ListFilters>
        <AlarmStoreSelect value={common.shopIds} onChange={common.setShopIds} />
        <Select
          mode="multiple"
          allowClear
          value={states}
          onChange={setStates}
          options={ALARM_ERROR_STATES.map((value) => ({ value, label: t(`incident.state.${value}`) }))}
          placeholder={t('incident.allStates')}
          aria-label={t('columns.state')}
          style={{ width: 200 }}
          data-testid="incident-state-filter"
        />
        <AlarmDateRange value={common.dates} onChange={common.setDates} />
        <Flex gap={6} align="center">
          <Switch checked={mine} onChange={setMine} aria-label={t('incident.mine')} data-testid="incident-mine" />
          <span>{t('incident.mine')}</span>
        </Flex>
      </ListFilters>
      <Table<AlarmErrorReportRow>
        rowKey="reportId"
        size="small"
        columns={columns}
        dataSource={reports.data?.list ?? []}
        loading={reports.isFetching}
        pagination={pagination}
        data-testid="incident-table"
      />
      {/* Keyed by the report: another report opens with an empty note. */}
      <DecideModal key={deciding?.reportId ?? 'none'} report={deciding} onClose={() => setDeciding(null)} />
    </Card>
  );
}
