import { extensionsOperations as ops } from '@storelens/contracts';
import { Button, Card, Col, Empty, Row, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { SERVICE_PAGES, serviceDetailPathFor } from '../routes.tsx';
import { StatusTag, statusFacts } from './serviceFacts.tsx';

/**
 * /extendService: the extension services enabled for the caller, what each does and its status now
 * in the caller's stores (sensors online, alerts open, certificates and logs overdue), each card
 * opening its details and the service's own pages.
 */
export function CataloguePage() {
  const { t } = useTranslation('extensions');
  const navigate = useNavigate();
  const catalogue = useOperation(ops.catalogue, {});
  const services = catalogue.data ?? [];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {/* The shell's breadcrumb and heading name the page already (as on every other page). */}
      {!catalogue.isLoading && services.length === 0 ? <Empty description={t('none')} /> : null}
      <Row gutter={[16, 16]}>
        {services.map((status) => {
          const page = SERVICE_PAGES[status.service];
          return (
            <Col key={status.service} xs={24} md={12} xl={8}>
              <Card
                data-testid={`service-card-${status.service}`}
                title={t(`services.${status.service}.name`)}
                extra={<StatusTag status={status} t={t} />}
                actions={[
                  <Button
                    key="detail"
                    type="link"
                    onClick={() => void navigate(serviceDetailPathFor(status.service))}
                    data-testid={`service-detail-${status.service}`}
                  >
                    {t('actions.detail')}
                  </Button>,
                  ...(page
                    ? [
                        <Button key="open" type="link" onClick={() => void navigate(page)} data-testid={`service-open-${status.service}`}>
                          {t('actions.open')}
                        </Button>,
                      ]
                    : []),
                ]}
              >
                <Typography.Paragraph type="secondary">{t(`services.${status.service}.description`)}</Typography.Paragraph>
                <Row gutter={[8, 8]}>
                  {statusFacts(status).map((fact) => (
                    <Col key={fact.key} span={8}>
                      <Statistic
                        title={t(`facts.${fact.key}`)}
                        value={fact.value}
                        valueStyle={fact.warn ? { color: 'var(--ant-color-warning-text)' } : undefined}
                        data-testid={`service-fact-${status.service}-${fact.key}`}
                      />
                    </Col>
                  ))}
                </Row>
              </Card>
            </Col>
          );
        })}
      </Row>
    </Space>
  );
}
