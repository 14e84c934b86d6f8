import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { warehouseOperations as ops, type SingleDay, type WarehouseCheck } from '@storelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Empty, Form, Input, Modal, Row, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AnalyticsPage } from '../../../shared/analytics/AnalyticsPage.tsx';
import { AnalyticsToolbar } from '../../../shared/analytics/AnalyticsToolbar.tsx';
import { todayLocal } from '../../../shared/analytics/dateRange.ts';
import { StatCard } from '../../../shared/analytics/StatCard.tsx';
import { useShopSelection } from '../../../shared/analytics/useShopSelection.ts';
import { useBlobUrl } from '../../../shared/hooks/useBlobUrl.ts';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { fetchCheckImage, judgeCheck } from '../api.ts';

const STATE_COLORS: Record<WarehouseCheck['state'], string> = {
  upcoming: 'default',
  pending: 'processing',
  passed: 'success',
  failed: 'error',
  missed: 'warning',
};

/** The check's time as the store reads it (the page shows one store's day, in its zone). */
const localTime = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(instant));

function CheckFrame({ check }: { check: WarehouseCheck }) {
  const { t } = useTranslation('warehouse');
  const { url, failed } = useBlobUrl(check.capture === 'captured' ? check.checkId : null, () => fetchCheckImage(check.checkId));
  if (check.capture === 'captured' && url)
    return <img src={url} alt={t('frameAlt', { camera: check.cameraName, time: check.checkTime })} style={{ width: '100%', borderRadius: 4 }} />;
  const text = check.capture === 'noVideo' || failed ? t('capture.noVideo') : t(check.state === 'upcoming' ? 'capture.upcoming' : 'capture.pending');
  return (
    <div className="sl-warehouse-frame-empty" style={{ aspectRatio: '16 / 9', display: 'grid', placeItems: 'center', background: '#f5f5f5', borderRadius: 4 }}>
      <Typography.Text type="secondary">{text}</Typography.Text>
    </div>
  );
}

function CheckCard({ check, day, onFail, onPass, busy }: { check: WarehouseCheck; day: SingleDay; onFail(): void; onPass(): void; busy: boolean }) {
  const { t } = useTranslation('warehouse');
  const who = check.resultSource === 'ai' ? t('source.ai') : check.decidedBy;
  return (
    <Card
      size="small"
      data-testid={`warehouse-check-${check.checkTime}-${check.cameraName}`}
      title={
        <Space>
          <Typography.Text strong>{check.checkTime}</Typography.Text>
          <Typography.Text type="secondary">{check.cameraName}</Typography.Text>
        </Space>
      }
      extra={
        <Tag color={STATE_COLORS[check.state]} data-testid="warehouse-state">
          {t(`state.${check.state}`)}
        </Tag>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <CheckFrame check={check} />
        <Typography.Text type="secondary">
          {t('window', { start: localTime(check.dueAt, day.timeZone), end: localTime(check.windowEnd, day.timeZone) })}
        </Typography.Text>
        {check.result ? (
          <Typography.Text>
            {t(`result.${check.result}`)} · {who}
            {check.decidedAt ? ` · ${localTime(check.decidedAt, day.timeZone)}` : ''}
            {check.remark ? ` · ${check.remark}` : ''}
          </Typography.Text>
        ) : null}
        {check.canJudge ? (
          <Space>
            <Button icon={<CheckOutlined />} onClick={onPass} loading={busy} data-testid="warehouse-pass">
              {t('actions.pass')}
            </Button>
            <Button danger icon={<CloseOutlined />} onClick={onFail} disabled={busy} data-testid="warehouse-fail">
              {t('actions.fail')}
            </Button>
          </Space>
        ) : null}
      </Space>
    </Card>
  );
}

/**
 * One store-day of warehouse patrol (/warehousePatrol/singleDayDetails?shopId&date): its checks in
 * time order with their frames, states and results; a handler of the plan gives the result of a
 * check awaiting one here (the warehouse to-do). Reached from the analysis table, or by choosing a
 * store and a day.
 */
export function SingleDayDetailsPage() {
  const { t } = useTranslation('warehouse');
  const [params, setParams] = useSearchParams();
  const shops = useShopSelection('single');
  const client = useQueryClient();
  const wantedShop = params.get('shopId');
  const date = params.get('date') ?? todayLocal();
  const [busy, setBusy] = useState<string | null>(null);
  const [failing, setFailing] = useState<WarehouseCheck | null>(null);
  const [form] = Form.useForm<{ remark: string }>();

  // A link from the analysis names the store: it becomes the selection (remembered for next time).
  const { setShopIds, tree } = shops;
  useEffect(() => {
    if (wantedShop && tree) setShopIds([wantedShop]);
  }, [wantedShop, tree, setShopIds]);
  const shopId = shops.shopIds[0];
  const query = useOperation(ops.singleDayDetails, { shopId: shopId ?? '', date }, { enabled: shops.ready && Boolean(shopId) });
  const day = query.data;

  const judge = async (check: WarehouseCheck, result: 'pass' | 'fail', remark?: string) => {
    setBusy(check.checkId);
    try {
      await judgeCheck({ checkId: check.checkId, result, ...(remark ? { remark } : {}) });
      setFailing(null);
      form.resetFields();
      await client.invalidateQueries({ queryKey: [ops.singleDayDetails.name] });
      await query.refetch();
    } catch {
      // The HTTP client has shown why (already decided, window over).
    } finally {
      setBusy(null);
    }
  };

  const counts = day?.counts;
  return (
    <AnalyticsPage
      testId="warehouse-day"
      shops={shops}
      toolbar={
        <AnalyticsToolbar shops={shops}>
          <DatePicker
            value={dayjs(date)}
            allowClear={false}
            aria-label={t('columns.date')}
            data-testid="warehouse-day-date"
            onChange={(value) => {
              if (!value) return;
              const next = new URLSearchParams(params);
              next.set('date', value.format('YYYY-MM-DD'));
              next.delete('shopId');
              setParams(next, { replace: true });
            }}
          />
        </AnalyticsToolbar>
      }
    >
      <Row gutter={[12, 12]}>
        {(['checks', 'passed', 'failed', 'missed', 'pending'] as const).map((key) => (
          <Col xs={12} md={4} key={key}>
            <StatCard title={t(`counts.${key}`)} value={String(counts?.[key] ?? '--')} loading={query.isFetching && !day} testId={`warehouse-day-${key}`} />
          </Col>
        ))}
      </Row>
      {day && day.checks.length === 0 ? (
        <Card size="small">
          <Empty description={t('noChecks')} />
        </Card>
      ) : (
        <Row gutter={[12, 12]} data-testid="warehouse-timeline">
          {(day?.checks ?? []).map((check) => (
            <Col xs={24} sm={12} lg={8} xl={6} key={check.checkId}>
              <CheckCard
                check={check}
                day={day as SingleDay}
                busy={busy === check.checkId}
                onPass={() => void judge(check, 'pass')}
                onFail={() => setFailing(check)}
              />
            </Col>
          ))}
        </Row>
      )}
      <Modal
        open={failing !== null}
        title={t('failTitle', { time: failing?.checkTime ?? '', camera: failing?.cameraName ?? '' })}
        okText={t('actions.fail')}
        okButtonProps={{ danger: true, loading: busy !== null, 'data-testid': 'warehouse-fail-confirm' }}
        onCancel={() => setFailing(null)}
        onOk={() => void form.validateFields().then(({ remark }) => failing && judge(failing, 'fail', remark))}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="remark" label={t('remark')} rules={[{ required: true, whitespace: true, message: t('remarkRequired') }]}>
            <Input.TextArea maxLength={200} showCount rows={3} data-testid="warehouse-remark" />
          </Form.Item>
        </Form>
      </Modal>
    </AnalyticsPage>
  );
}
