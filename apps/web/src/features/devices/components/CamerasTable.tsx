import type { CameraRow } from '@storelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Switch, Table, type TableColumnsType, type TablePaginationConfig, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EllipsisText, StackedCell } from '../../../shared/ui/TableCells.tsx';
import { useCan } from '../../session/hooks/useCan.ts';
import { setCameraEnabled } from '../api.ts';
import { deviceKeys, useCid } from '../hooks/useDevices.ts';
import { deviceStateColumns } from './deviceState.tsx';

export const CAMERA_DETAIL_PATH = '/deviceManagement/cameraDetail';

export function cameraDetailLink(camera: Pick<CameraRow, 'cameraId' | 'shopId' | 'boxId'>): string {
  return `${CAMERA_DETAIL_PATH}?${new URLSearchParams({ cameraId: camera.cameraId, shopId: camera.shopId, boxId: camera.boxId }).toString()}`;
}

/** Enable or disable a camera (cameraDisable, config_page); a disabled camera is neither watched nor alarmed. */
export function CameraEnabledSwitch({ camera }: { camera: CameraRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const cid = useCid();
  const can = useCan('config_page');
  const [busy, setBusy] = useState(false);
  if (can === 'hidden') return <Tag color={camera.enabled ? 'green' : 'default'}>{camera.enabled ? t('devices:enabled') : t('devices:disabled')}</Tag>;
  return (
    <Switch
      size="small"
      checked={camera.enabled}
      loading={busy}
      disabled={can === 'disabled'}
      onChange={async (next) => {
        setBusy(true);
        try {
          await setCameraEnabled(camera.cameraId, next);
          void message.success(next ? t('devices:cameraEnabled') : t('devices:cameraDisabled'));
          await queryClient.invalidateQueries({ queryKey: deviceKeys.all(cid) });
        } catch {
          // The HTTP client has shown why.
        } finally {
          setBusy(false);
        }
      }}
      aria-label={`${t('devices:fields.enabled')}: ${camera.number}`}
      data-testid={`camera-enabled-${camera.number}`}
    />
  );
}

export function CamerasTable({ cameras, loading, pagination }: { cameras: readonly CameraRow[]; loading: boolean; pagination: false | TablePaginationConfig }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<CameraRow> = [
    // The camera's name goes under its number, so the table fits 1440 px beside the store tree.
    {
      title: t('devices:fields.number'),
      dataIndex: 'number',
      width: 130,
      fixed: 'left',
      render: (number: string, camera) => (
        <StackedCell
          primary={number}
          secondary={
            <Link to={cameraDetailLink(camera)} data-testid={`camera-link-${camera.number}`}>
              {camera.name}
            </Link>
          }
        />
      ),
    },
    { title: t('devices:fields.shop'), key: 'shop', render: (_value, camera) => `${camera.shopNumber} ${camera.shopName}` },
    { title: t('devices:fields.boxMac'), dataIndex: 'boxMac', width: 160, render: (mac: string) => <code>{mac}</code> },
    {
      title: t('devices:fields.deploymentArea'),
      dataIndex: 'deploymentArea',
      width: 90,
      render: (area: string | null) => (area ? <EllipsisText text={area} /> : '--'),
    },
    ...deviceStateColumns<CameraRow>(t, (camera) => `camera-status-${camera.number}`),
    {
      title: t('devices:fields.enabled'),
      dataIndex: 'enabled',
      width: 90,
      fixed: 'right',
      render: (_value, camera) => <CameraEnabledSwitch camera={camera} />,
    },
  ];
  return (
    <Table<CameraRow>
      rowKey="cameraId"
      size="middle"
      columns={columns}
      dataSource={[...cameras]}
      loading={loading}
      // The columns' widths plus the store's minimum: no scroll beside the tree at 1440 px.
      scroll={{ x: 880 }}
      pagination={pagination}
      data-testid="camera-table"
    />
  );
}
