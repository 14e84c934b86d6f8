import { SyncOutlined } from '@ant-design/icons';
import type { BoxRow } from '@storelens/contracts';
import { Button, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../session/hooks/useCan.ts';
import { DeviceStatusTag } from './DeviceStatusTag.tsx';
import { formatDeviceTime } from './deviceTime.ts';

export const BOX_DETAIL_PATH = '/deviceManagement/detail';

export function boxDetailLink(box: Pick<BoxRow, 'boxId' | 'shopId'>): string {
  return `${BOX_DETAIL_PATH}?${new URLSearchParams({ boxId: box.boxId, shopId: box.shopId }).toString()}`;
}

/** Boxes with spec section 3's device fields; rotating a token follows config_page. */
export function BoxesTable({
  boxes,
  loading,
  pagination,
  onRotate,
}: {
  boxes: readonly BoxRow[];
  loading: boolean;
  pagination: false | { current: number; pageSize: number; total: number; onChange(page: number, pageSize: number): void };
  onRotate?(box: BoxRow): void;
}) {
  const { t } = useTranslation();
  const canConfigure = useCan('config_page');
  const columns: TableColumnsType<BoxRow> = [
    {
      title: t('devices:fields.name'),
      dataIndex: 'name',
      width: 180,
      fixed: 'left',
      render: (name: string, box) => (
        <Link to={boxDetailLink(box)} data-testid={`box-link-${box.mac ?? box.boxId}`}>
          {name}
        </Link>
      ),
    },
    { title: t('devices:fields.mac'), dataIndex: 'mac', width: 170, render: (mac: string | null) => <code>{mac ?? '--'}</code> },
    { title: t('devices:fields.shop'), key: 'shop', width: 200, render: (_value, box) => `${box.shopNumber} ${box.shopName}` },
    { title: t('devices:fields.deploymentArea'), dataIndex: 'deploymentArea', width: 140, render: (area: string | null) => area || '--' },
    { title: t('devices:fields.cameraCount'), dataIndex: 'cameraCount', width: 100 },
    { title: t('devices:fields.lastReportAt'), dataIndex: 'lastReportAt', width: 170, render: formatDeviceTime },
    {
      title: t('devices:fields.activation'),
      dataIndex: 'activated',
      width: 120,
      render: (activated: boolean) => <Tag color={activated ? 'blue' : 'default'}>{activated ? t('devices:activated') : t('devices:notActivated')}</Tag>,
    },
    {
      title: t('devices:fields.working'),
      dataIndex: 'working',
      width: 110,
      render: (working: boolean) => <Tag color={working ? 'green' : 'default'}>{working ? t('devices:working') : t('devices:notWorking')}</Tag>,
    },
    { title: t('devices:fields.status'), dataIndex: 'status', width: 120, render: (_value, box) => <DeviceStatusTag status={box.status} /> },
    { title: t('devices:fields.lastStatusAt'), dataIndex: 'lastStatusAt', width: 170, render: formatDeviceTime },
    ...(onRotate && canConfigure !== 'hidden'
      ? [
          {
            title: t('common:actions'),
            key: 'actions',
            width: 150,
            fixed: 'right' as const,
            render: (_value: unknown, box: BoxRow) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<SyncOutlined />}
                  disabled={canConfigure === 'disabled'}
                  onClick={() => onRotate(box)}
                  data-testid={`box-rotate-${box.mac ?? box.boxId}`}
                >
                  {t('devices:token.rotate')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Table<BoxRow>
      rowKey="boxId"
      size="middle"
      columns={columns}
      dataSource={[...boxes]}
      loading={loading}
      scroll={{ x: 1600 }}
      pagination={pagination === false ? false : { ...pagination, showSizeChanger: true }}
      data-testid="box-table"
    />
  );
}
