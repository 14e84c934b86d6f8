import { type AlertRow, temperatureOperations as ops, RoleId, type SensorRow } from '@storelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Modal, Select, Space, Statistic, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../shared/analytics/Chart.tsx';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { formatDateTime, latestLocalDate, NO_TIME } from '../../../shared/lib/dateTime.ts';
import { saveBlob } from '../../../shared/lib/saveFile.ts';
import { shopOptionsOf } from '../../../shared/lib/shopOptions.ts';
import { useRealtimeEvent } from '../../../shared/realtime/realtimeStore.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { exportReadings, takeAction } from '../api.ts';
import { SensorModal } from '../components/SensorModal.tsx';
import { complianceOption, curveOption, storeTime } from '../temperatureChart.ts';

/** State colours: within limits green, outside but within the delay orange, alerting red, silent grey. */
const STATE_COLORS = { normal: 'success', pending: 'warning', alert: 'error' } as const;

function StateTag({ row }: { row: SensorRow }) {
  const { t } = useTranslation('temperature');
  if (!row.online) return <Tag data-testid={`sensor-state-${row.sensorId}`}>{t('states.offline')}</Tag>;
  return (
    <Tag color={STATE_COLORS[row.state]} data-testid={`sensor-state-${row.sensorId}`}>
      {t(`states.${row.state}`)}
    </Tag>
  );
}

const celsius = (value: number | null | undefined) => (value === null || value === undefined ? '--' : `${value.toFixed(1)} °C`);
const durationText = (seconds: number | null) => (seconds === null ? '--' : `${Math.round(seconds / 60)}`);

/** The corrective action form of one alert: what was done (who and when are recorded by the server). */
function ActionModal({ alert, onClose }: { alert: AlertRow | null; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('temperature');
  const [form] = Form.useForm<{ text: string }>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={alert !== null}
      title={t('action.title')}
      okText={t('action.save')}
      confirmLoading={saving}
      onCancel={() => onClose(false)}
      destroyOnHidden
      onOk={() =>
        form.validateFields().then(async (values) => {
          if (!alert) return;
          setSaving(true);
          try {
            await takeAction({ alertId: alert.alertId, text: values.text });
            form.resetFields();
            onClose(true);
          } finally {
            setSaving(false);
          }
        })
      }
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="text" label={t('action.text')} rules={[{ required: true, whitespace: true, message: t('action.required') }, { max: 500 }]}>
          <Input.TextArea rows={4} maxLength={500} showCount data-testid="temperature-action-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /temperature: the latest reading of every sensor of the chosen stores with its state (the spec's
 * last and num list), a sensor's day curve with its limits, the alerts with their corrective action,
 * and the readings' Excel for an inspector. Alerts raised or closed elsewhere refresh it (real time).
 */
export function TemperaturePage() {
  const { t } = useTranslation('temperature');
  const queryClient = useQueryClient();
  const tree = useSessionStore((state) => state.shopTree);
  const shops = useMemo(() => shopOptionsOf(tree), [tree]);
  const [shopIds, setShopIds] = useState<string[]>([]);
  const scope = shopIds.length > 0 ? { shopIds } : {};
  const last = useOperation(ops.last, scope);
  const counts = useOperation(ops.numList, scope);
  const [sensorId, setSensorId] = useState<string | null>(null);
  const selected = last.data?.find((row) => row.sensorId === sensorId) ?? last.data?.[0] ?? null;
  const locale = useSessionStore((state) => state.locale);
  // Times are written on the store's clock (named when it differs from the viewer's).
  const zoneOf = (id: string) => last.data?.find((row) => row.sensorId === id)?.timeZone ?? null;
  // Days are the stores' local days (the server reads them so): until a person picks one, the curve
  // shows its store's today and the range ends on the latest today of the listed stores.
  const [pickedDay, setDay] = useState<Dayjs | null>(null);
  const day = pickedDay ?? dayjs(latestLocalDate(selected ? [selected.timeZone] : [], Date.now()));
  const curve = useOperation(
    ops.curve,
    { sensorId: selected?.sensorId ?? '', startDate: day.format('YYYY-MM-DD'), endDate: day.format('YYYY-MM-DD') },
    { enabled: selected !== null },
  );
  const [status, setStatus] = useState<'open' | 'closed' | 'all'>('all');
  const paging = usePaging(JSON.stringify([shopIds, status]));
  const alerts = useOperation(ops.alertPage, { ...scope, ...(status === 'all' ? {} : { status }), page: paging.page, pageSize: paging.pageSize });
  const [acting, setActing] = useState<AlertRow | null>(null);
  const [pickedRange, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const storesToday = dayjs(latestLocalDate([...new Set(last.data?.map((row) => row.timeZone))], Date.now()));
  const range = pickedRange ?? [storesToday.subtract(6, 'day'), storesToday];
  const [exporting, setExporting] = useState(false);
  const compliance = useOperation(
    ops.compliance,
    { ...scope, startDate: range[0].format('YYYY-MM-DD'), endDate: range[1].format('YYYY-MM-DD') },
    // The default range waits for the stores' zones.
    { enabled: pickedRange !== null || last.data !== undefined },
  );
  // Observers read only: no sensors, limits or corrective actions (the server refuses them too).
  const canWrite = useSessionStore((state) => state.rid) !== RoleId.observer;
  const [editing, setEditing] = useState<{ sensor: SensorRow | null } | null>(null);

  const refresh = () => {
    for (const operation of [ops.last, ops.numList, ops.alertPage, ops.curve, ops.compliance])
      void queryClient.invalidateQueries({ queryKey: [operation.name] });
  };
  useRealtimeEvent('temperature', refresh);
  useRealtimeEvent('resync', refresh);

  const sensorColumns: TableColumnsType<SensorRow> = [
    { key: 'shop', title: t('columns.shop'), dataIndex: 'shopName', ellipsis: true },
    { key: 'sensor', title: t('columns.sensor'), dataIndex: 'name', ellipsis: true },
    { key: 'kind', title: t('columns.kind'), render: (_, row) => t(`kinds.${row.kind}`) },
    {
      key: 'latest',
      title: t('columns.latest'),
      render: (_, row) => <span data-testid={`sensor-latest-${row.sensorId}`}>{celsius(row.latest?.celsius)}</span>,
    },
    {
      key: 'humidity',
      title: t('columns.humidity'),
      render: (_, row) => (row.latest?.humidity === null || row.latest?.humidity === undefined ? '--' : `${row.latest.humidity} %`),
    },
    { key: 'limits', title: t('columns.limits'), render: (_, row) => `${row.currentLimits.low} ~ ${row.currentLimits.high} °C` },
    { key: 'at', title: t('columns.at'), render: (_, row) => (row.latest ? formatDateTime(row.latest.at, locale, { timeZone: row.timeZone }) : NO_TIME) },
    { key: 'state', title: t('columns.state'), render: (_, row) => <StateTag row={row} /> },
    ...(canWrite
      ? [
          {
            key: 'edit',
            title: t('common:actions'),
            render: (_: unknown, row: SensorRow) => (
              <Button
                size="small"
                type="link"
                onClick={(event) => {
                  event.stopPropagation();
                  setEditing({ sensor: row });
                }}
                data-testid={`sensor-edit-${row.sensorId}`}
              >
                {t('sensor.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  const alertColumns: TableColumnsType<AlertRow> = [
    { key: 'shop', title: t('columns.shop'), dataIndex: 'shopName', ellipsis: true },
    { key: 'sensor', title: t('columns.sensor'), dataIndex: 'sensorName', ellipsis: true },
    {
      key: 'side',
      title: t('columns.side'),
      render: (_, row) => <Tag color={row.side === 'high' ? 'error' : 'processing'}>{t(`sides.${row.side}`, { limit: row.limit })}</Tag>,
    },
    { key: 'started', title: t('columns.started'), render: (_, row) => formatDateTime(row.startedAt, locale, { timeZone: zoneOf(row.sensorId) }) },
    {
      key: 'ended',
      title: t('columns.ended'),
      render: (_, row) => (row.endedAt ? formatDateTime(row.endedAt, locale, { timeZone: zoneOf(row.sensorId) }) : <Tag color="error">{t('open')}</Tag>),
    },
    { key: 'duration', title: t('columns.duration'), render: (_, row) => durationText(row.durationSeconds) },
    { key: 'peak', title: t('columns.peak'), render: (_, row) => celsius(row.peak) },
    {
      key: 'action',
      title: t('columns.action'),
      render: (_, row) =>
        row.action ? (
          <Typography.Text data-testid={`alert-action-${row.alertId}`}>
            {row.action.text} ({row.action.byName}, {formatDateTime(row.action.at, locale, { timeZone: zoneOf(row.sensorId) })})
          </Typography.Text>
        ) : canWrite ? (
          <Button size="small" onClick={() => setActing(row)} data-testid={`alert-act-${row.alertId}`}>
            {t('action.button')}
          </Button>
        ) : (
          '--'
        ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="temperature-page">
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 260 }}
            placeholder={t('filters.stores')}
            aria-label={t('filters.stores')}
            options={shops}
            optionFilterProp="label"
            value={shopIds}
            onChange={setShopIds}
            maxTagCount="responsive"
            data-testid="temperature-shops"
          />
          <Space wrap>
            <DatePicker.RangePicker
              value={range}
              allowClear={false}
              aria-label={t('filters.exportDates')}
              onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
            />
            <Button
              loading={exporting}
              data-testid="temperature-export"
              onClick={() => {
                setExporting(true);
                const startDate = range[0].format('YYYY-MM-DD');
                const endDate = range[1].format('YYYY-MM-DD');
                exportReadings({ ...scope, startDate, endDate })
                  .then((blob) => saveBlob(blob, `temperature-${startDate}-${endDate}.xlsx`))
                  // A refusal (range, size) has been shown by the HTTP client in its error modal.
                  .catch(() => undefined)
                  .finally(() => setExporting(false));
              }}
            >
              {t('export')}
            </Button>
          </Space>
        </Space>
        <Space size="large" wrap style={{ marginTop: 12 }}>
          <Statistic title={t('counts.total')} value={counts.data?.total ?? 0} />
          <Statistic title={t('states.normal')} value={counts.data?.normal ?? 0} valueStyle={{ color: 'var(--ant-color-success-text)' }} />
          <Statistic title={t('states.pending')} value={counts.data?.pending ?? 0} valueStyle={{ color: 'var(--ant-color-warning-text)' }} />
          <Statistic title={t('states.alert')} value={counts.data?.alert ?? 0} valueStyle={{ color: 'var(--ant-color-error-text)' }} />
          <Statistic title={t('states.offline')} value={counts.data?.offline ?? 0} />
          <Statistic title={t('counts.openAlerts')} value={counts.data?.openAlerts ?? 0} />
        </Space>
      </Card>
      <Card
        size="small"
        title={t('latest.title')}
        extra={
          canWrite ? (
            <Button onClick={() => setEditing({ sensor: null })} data-testid="sensor-add">
              {t('sensor.add')}
            </Button>
          ) : null
        }
      >
        <Table<SensorRow>
          rowKey="sensorId"
          size="small"
          columns={sensorColumns}
          dataSource={last.data ?? []}
          loading={last.isLoading}
          pagination={{ pageSize: 20 }}
          onRow={(row) => ({ onClick: () => setSensorId(row.sensorId), style: { cursor: 'pointer' } })}
          rowClassName={(row) => (row.sensorId === selected?.sensorId ? 'ant-table-row-selected' : '')}
          data-testid="temperature-latest"
        />
      </Card>
      <Card
        size="small"
        title={selected ? t('curve.title', { sensor: selected.name, shop: selected.shopName }) : t('curve.none')}
        extra={<DatePicker value={day} allowClear={false} onChange={(value) => value && setDay(value)} aria-label={t('curve.day')} />}
      >
        <Chart
          testId="temperature-curve"
          label={selected ? t('curve.title', { sensor: selected.name, shop: selected.shopName }) : t('curve.none')}
          loading={curve.isLoading && selected !== null}
          empty={(curve.data?.points.length ?? 0) === 0}
          option={
            curve.data
              ? curveOption(curve.data, { avg: t('curve.avg'), min: t('curve.min'), max: t('curve.max'), low: t('curve.low'), high: t('curve.high') })
              : {}
          }
        />
        {curve.data && curve.data.points.length > 0 ? (
          <Typography.Text type="secondary">
            {t('curve.zone', { zone: curve.data.timeZone, from: storeTime(curve.data.points[0]?.at ?? '', curve.data.timeZone, true) })}
          </Typography.Text>
        ) : null}
      </Card>
      <Card size="small" title={t('compliance.title', { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') })}>
        <Chart
          testId="temperature-compliance"
          label={t('compliance.title', { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') })}
          loading={compliance.isLoading}
          empty={(compliance.data ?? []).every((row) => row.share === null)}
          option={complianceOption(compliance.data ?? [], t('compliance.share'))}
        />
        <Typography.Text type="secondary">{t('compliance.note')}</Typography.Text>
      </Card>
      <Card
        size="small"
        title={t('alerts.title')}
        extra={
          <Select
            style={{ width: 140 }}
            aria-label={t('alerts.status')}
            value={status}
            onChange={setStatus}
            options={(['all', 'open', 'closed'] as const).map((value) => ({ value, label: t(`alerts.${value}`) }))}
          />
        }
      >
        <Table<AlertRow>
          rowKey="alertId"
          size="small"
          columns={alertColumns}
          dataSource={alerts.data?.list ?? []}
          loading={alerts.isLoading}
          pagination={{ current: paging.page, pageSize: paging.pageSize, total: alerts.data?.total ?? 0, onChange: paging.onChange }}
          data-testid="temperature-alerts"
        />
      </Card>
      <SensorModal
        open={editing !== null}
        sensor={editing?.sensor ?? null}
        onClose={(saved) => {
          setEditing(null);
          if (saved) refresh();
        }}
      />
      <ActionModal
        alert={acting}
        onClose={(saved) => {
          setActing(null);
          if (saved) refresh();
        }}
      />
    </Space>
  );
}
