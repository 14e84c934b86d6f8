import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { fetchCameraPage } from '../api.ts';
import { boxDetailLink } from '../components/BoxesTable.tsx';
import { CameraEnabledSwitch } from '../components/CamerasTable.tsx';
import { deviceStateItems } from '../components/deviceState.tsx';
import { VideoSourceCard } from '../components/VideoSourceCard.tsx';
import { deviceKeys, useCid } from '../hooks/useDevices.ts';

/**
 * One camera (`?cameraId=&shopId=&boxId=`): its device fields, enabling or disabling it, and its
 * video source for those who manage cameras (the camera's name in camera management leads here).
 */
export function CameraDetailPage() {
  const { t } = useTranslation();
  const cid = useCid();
  const [params] = useSearchParams();
  const cameraId = params.get('cameraId') ?? '';
  const shopId = params.get('shopId') ?? '';
  const boxId = params.get('boxId') ?? undefined;
  const camera = useQuery({
    queryKey: [...deviceKeys.cameras(cid), 'detail', cameraId, shopId, boxId],
    queryFn: async () =>
      (await fetchCameraPage({ shopIds: [shopId], ...(boxId ? { boxId } : {}), page: 1, pageSize: 100 })).list.find((row) => row.cameraId === cameraId) ?? null,
    enabled: Boolean(cameraId && shopId),
  });

  if (!cameraId || !shopId || camera.data === null) return <Alert type="warning" showIcon title={t('devices:notFound')} data-testid="camera-not-found" />;
  if (camera.isPending) return <Skeleton active />;
  const row = camera.data;
  if (!row) return null;

  return (
    <Space orientation="vertical" size="middle" className="sl-page" style={{ width: '100%' }}>
      <Card size="small" title={`${row.number} ${row.name}`} data-testid="camera-detail">
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'number', label: t('devices:fields.number'), children: row.number },
            { key: 'shop', label: t('devices:fields.shop'), children: `${row.shopNumber} ${row.shopName}` },
            { key: 'box', label: t('devices:fields.boxMac'), children: <Link to={boxDetailLink(row)}>{row.boxMac}</Link> },
            { key: 'mac', label: t('devices:fields.mac'), children: <code>{row.mac ?? '--'}</code> },
            { key: 'area', label: t('devices:fields.deploymentArea'), children: row.deploymentArea || '--' },
            { key: 'enabled', label: t('devices:fields.enabled'), children: <CameraEnabledSwitch camera={row} /> },
            ...deviceStateItems(t, row, 'camera-detail-status'),
          ]}
        />
      </Card>
      <VideoSourceCard cameraId={row.cameraId} />
    </Space>
  );
}
