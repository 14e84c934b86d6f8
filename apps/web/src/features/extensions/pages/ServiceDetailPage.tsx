import {
  EXTENSION_SERVICES,
  type ExtensionServiceId,
  type HygieneStoreStatus,
  extensionsOperations as ops,
  type TemperatureStoreStatus,
} from '@storelens/contracts';
import { Button, Card, Col, Empty, Result, Row, Space, Statistic, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { SERVICE_PAGES } from '../routes.tsx';
import { StatusTag, statusFacts } from './serviceFacts.tsx';

const isService = (value: string | null): value is ExtensionServiceId => EXTENSION_SERVICES.some((service) => service === value);
const warn = (value: number) => (value > 0 ? <Tag color="warning">{value}</Tag> : value);

/** /extendService/serviceDetail?service=...: one service, what it does, its status and its stores. */
export function ServiceDetailPage() {
  const { t } = useTranslation('extensions');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = params.get('service');
  const service: ExtensionServiceId = isService(requested) ? requested : 'temperature';
  const detail = useOperation(ops.serviceDetail, { service }, { enabled: isService(requested) });
  if (!isService(requested)) return <Result status="404" title={t('unknown')} />;
  const page = SERVICE_PAGES[service];

  const temperatureColumns: TableColumnsType<TemperatureStoreStatus> = [
    { key: 'shop', title: t('columns.shop'), dataIndex: 'shopName', ellipsis: true },
    { key: 'sensors', title: t('facts.sensors'), dataIndex: 'sensors' },
    { key: 'online', title: t('facts.online'), dataIndex: 'online' },
    { key: 'offline', title: t('facts.offline'), render: (_, row) => warn(row.offline) },
    { key: 'openAlerts', title: t('facts.openAlerts'), render: (_, row) => warn(row.openAlerts) },
  ];
  const hygieneColumns: TableColumnsType<HygieneStoreStatus> = [
    { key: 'shop', title: t('columns.shop'), dataIndex: 'shopName', ellipsis: true },
    { key: 'employees', title: t('facts.employees'), dataIndex: 'employees' },
    { key: 'expired', title: t('facts.expired'), render: (_, row) => warn(row.expired) },
    { key: 'missing', title: t('facts.missing'), render: (_, row) => warn(row.missing) },
    { key: 'expiring', title: t('facts.expiring'), render: (_, row) => warn(row.expiring) },
    { key: 'lastDisinfection', title: t('columns.lastDisinfection'), render: (_, row) => row.lastDisinfection ?? '--' },
    {
      key: 'overdue',
      title: t('columns.logs'),
      render: (_, row) => (row.overdue ? <Tag color="warning">{t('state.overdue')}</Tag> : <Tag color="success">{t('state.ok')}</Tag>),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid={`service-page-${service}`}>
      <Card
        title={t(`services.${service}.name`)}
        extra={
          <Space>
            {detail.data ? <StatusTag status={detail.data.status} t={t} /> : null}
            {page ? (
              <Button type="primary" onClick={() => void navigate(page)}>
                {t('actions.open')}
              </Button>
            ) : null}
          </Space>
        }
        loading={detail.isLoading}
      >
        <Typography.Paragraph>{t(`services.${service}.description`)}</Typography.Paragraph>
        {detail.data ? (
          <Row gutter={[8, 8]}>
            {statusFacts(detail.data.status).map((fact) => (
              <Col key={fact.key} xs={12} md={4}>
                <Statistic title={t(`facts.${fact.key}`)} value={fact.value} valueStyle={fact.warn ? { color: 'var(--ant-color-warning-text)' } : undefined} />
              </Col>
            ))}
          </Row>
        ) : null}
        {detail.data && !detail.data.status.setUp ? <Typography.Paragraph type="secondary">{t(`services.${service}.notSetUp`)}</Typography.Paragraph> : null}
      </Card>
      <Card title={t('stores')}>
        {service === 'temperature' ? (
          <Table rowKey="shopId" size="small" columns={temperatureColumns} dataSource={detail.data?.temperatureStores ?? []} scroll={{ x: 'max-content' }} />
        ) : service === 'hygieneLog' ? (
          <Table rowKey="shopId" size="small" columns={hygieneColumns} dataSource={detail.data?.hygieneStores ?? []} scroll={{ x: 'max-content' }} />
        ) : (
          <Empty description={t('services.warehousePatrol.notSetUp')} />
        )}
      </Card>
    </Space>
  );
}
