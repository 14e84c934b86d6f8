import { SyncOutlined } from '@ant-design/icons';
import type { BoxRow } from '@storelens/contracts';
import { Button, Space, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EllipsisText, StackedCell } from '../../../shared/ui/TableCells.tsx';
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
    // The MAC address goes under the box's name, so the table fits 1440 px beside the store tree.
    {
      title: t('devices:fields.name'),
      dataIndex: 'name',
      width: 170,
      fixed: 'left',
      render: (name: string, box) => (
        <StackedCell
          primary={
            <Link to={boxDetailLink(box)} data-testid={`box-link-${box.mac ?? box.boxId}`}>
              {name}
            </Link>
          }
          secondary={<code>{box.mac ?? '--'}</code>}
        />
      ),
    },
    { title: t('devices:fields.shop'), key: 'shop', render: (_value, box) => `${box.shopNumber} ${box.shopName}` },
    {
      title: t('devices:fields.deploymentArea'),
      dataIndex: 'deploymentArea',
      width: 100,
      render: (area: string | null) => (area ? <EllipsisText text={area} /> : '--'),
    },
    { title: t('devices:fields.cameraCount'), dataIndex: 'cameraCount', width: 80 },
    ...deviceStateColumns<BoxRow>(t),
    ...(onRotate && canConfigure !== 'hidden'
      ? [
          {
            title: t('common:actions'),
            key: 'actions',
            width: 130,
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
      // The columns' widths plus the store's minimum: no scroll beside the tree at 1440 px.
      scroll={{ x: 880 }}
      pagination={pagination}
      data-testid="box-table"
    />
  );
}
