import { batchOperations as ops } from '@storelens/contracts';
import { Card, Descriptions, Empty, Image, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { formatDateTime, localDateIn } from '../../../shared/lib/dateTime.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { fetchScreenshot } from '../api.ts';
import { BatchTypeTags, InOut, minutes } from '../components/BatchCells.tsx';
import { STORE_ENTRY_PATH } from '../routes.tsx';

function Screenshot({ batchId, index, alt }: { batchId: string; index: number; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    void fetchScreenshot(batchId, index).then((blob) => {
      made = URL.createObjectURL(blob);
      setUrl(made);
    });
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [batchId, index]);
  return url ? <Image src={url} alt={alt} width={320} data-testid={`batch-screenshot-${index}`} /> : <Spin />;
}

/** /batch/batch-visitor-detail?batchId=: one batch with its screenshots (hidden; highlights the list). */
export function BatchDetailPage() {
  const { t } = useTranslation('batch');
  const locale = useSessionStore((state) => state.locale);
  const [params] = useSearchParams();
  const batchId = params.get('batchId') ?? '';
  const detail = useOperation(ops.batchDetail, { batchId }, { enabled: batchId !== '' });
  const row = detail.data;
  return (
    <Card size="small" loading={detail.isLoading} data-testid="batch-detail">
      {row && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('columns.batch')}>{row.batchKey}</Descriptions.Item>
            <Descriptions.Item label={t('columns.shop')}>
              <Link
                to={`${STORE_ENTRY_PATH}?shopId=${encodeURIComponent(row.shopId)}&date=${localDateIn(row.enteredAt, row.timeZone)}`}
                title={t('entries.ofThatDay')}
                data-testid="batch-store-day"
              >
                {row.shopName}
              </Link>
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.type')}>
              <BatchTypeTags row={row} />
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.count')}>{row.count}</Descriptions.Item>
            <Descriptions.Item label={t('columns.inOut')}>
              <InOut row={row} />
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.stay')}>{minutes(row.staySeconds)}</Descriptions.Item>
            <Descriptions.Item label={t('columns.receptionStart')}>
              {row.receptionStartedAt ? formatDateTime(row.receptionStartedAt, locale, { timeZone: row.timeZone, viewerTimeZone: row.timeZone }) : '--'}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.reception')}>{minutes(row.receptionSeconds)}</Descriptions.Item>
            <Descriptions.Item label={t('columns.entrance')}>{row.entrance?.name ?? '--'}</Descriptions.Item>
          </Descriptions>
          {row.screenshotList.length === 0 ? (
            <Empty description={t('noScreenshots')} />
          ) : (
            <Space wrap>
              {row.screenshotList.map((shot) => (
                <Screenshot key={shot.index} batchId={row.batchId} index={shot.index} alt={t('screenshotAlt', { n: shot.index + 1 })} />
              ))}
            </Space>
          )}
        </Space>
      )}
    </Card>
  );
}
