import { SyncOutlined } from '@ant-design/icons';
import type { BoxRow } from '@storelens/contracts';
import { Button, Space, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../session/hooks/useCan.ts';
import { deviceStateColumns } from './deviceState.tsx';

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
  pagination: false | TablePaginationConfig;
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
    ...deviceStateColumns<BoxRow>(t),
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
      pagination={pagination}
      data-testid="box-table"
    />
  );
}
