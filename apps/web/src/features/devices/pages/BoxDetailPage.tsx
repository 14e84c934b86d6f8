import { SyncOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CanButton } from '../../session/components/CanButton.tsx';
import { fetchBoxPage, fetchCameraPage } from '../api.ts';
import { CamerasTable } from '../components/CamerasTable.tsx';
import { deviceStateItems } from '../components/deviceState.tsx';
import { useBoxToken } from '../hooks/useBoxToken.tsx';
import { deviceKeys, useCid } from '../hooks/useDevices.ts';

/** At most this many boxes in one shop are looked through to find the one asked for. */
const BOXES_PER_SHOP = 100;

/**
 * One box (`?boxId=&shopId=`): its device fields, its cameras, and rotating its token. The box is
 * found among its shop's boxes (there is no single-box operation).
 */
export function BoxDetailPage() {
  const { t } = useTranslation();
  const cid = useCid();
  const [params] = useSearchParams();
  const boxId = params.get('boxId') ?? '';
  const shopId = params.get('shopId') ?? '';
  const token = useBoxToken();
  const box = useQuery({
    queryKey: [...deviceKeys.boxes(cid), 'detail', boxId, shopId],
    queryFn: async () => (await fetchBoxPage({ shopIds: [shopId], page: 1, pageSize: BOXES_PER_SHOP })).list.find((row) => row.boxId === boxId) ?? null,
    enabled: Boolean(boxId && shopId),
  });
  const cameras = useQuery({
    queryKey: [...deviceKeys.cameras(cid), 'box', boxId, shopId],
    queryFn: () => fetchCameraPage({ shopIds: [shopId], boxId, page: 1, pageSize: 100 }),
    enabled: Boolean(boxId && shopId),
  });

  if (!boxId || !shopId || box.data === null) return <Alert type="warning" showIcon title={t('devices:notFound')} data-testid="box-not-found" />;
  if (box.isPending) return <Skeleton active />;
  const row = box.data;
  if (!row) return null;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="sl-page" data-testid="box-detail">
      <Card
        size="small"
        title={row.name}
        extra={
          <CanButton
            permission="config_page"
            icon={<SyncOutlined />}
            onClick={() => void token.rotate(row).catch(() => undefined)}
            data-testid="box-detail-rotate"
          >
            {t('devices:token.rotate')}
          </CanButton>
        }
      >
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'mac', label: t('devices:fields.mac'), children: <code>{row.mac ?? '--'}</code> },
            { key: 'shop', label: t('devices:fields.shop'), children: `${row.shopNumber} ${row.shopName}` },
            { key: 'area', label: t('devices:fields.deploymentArea'), children: row.deploymentArea || '--' },
            { key: 'cameras', label: t('devices:fields.cameraCount'), children: row.cameraCount },
            ...deviceStateItems(t, row, 'box-detail-status'),
          ]}
        />
      </Card>
      <Card size="small" title={t('devices:cameras')}>
        <CamerasTable cameras={cameras.data?.list ?? []} loading={cameras.isFetching} pagination={false} />
      </Card>
      {token.modal}
    </Space>
  );
}
