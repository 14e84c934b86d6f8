import { HistoryOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Limits, type ShopRow, type TreeNode } from '@storelens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Switch, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { orgIdOf, walkTree } from '../../../shared/lib/trees.ts';
import { ImportModal } from '../../../shared/ui/ImportModal.tsx';
import { ListFilters, ListSearch, TitleWithContext, useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { StackedCell } from '../../../shared/ui/TableCells.tsx';
import { CanButton } from '../../session/components/CanButton.tsx';
import { useCan } from '../../session/hooks/useCan.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { downloadShopErrorReport, downloadShopTemplate, listShopsByParentOrg, uploadShops } from '../api.ts';
import { orgAdminKeys, useRefreshOrgData } from '../hooks/useOrgAdminData.ts';
import { ShopFormDrawer } from './ShopFormDrawer.tsx';
import { ShopLogDrawer } from './ShopLogDrawer.tsx';
import { ShopStatusTag } from './ShopStatusTag.tsx';

/**
 * The shops of the selected organisation's subtree (getShopListByParentOrg) with the orgs columns
 * of spec section 3 as the server computes them: the direct parent, then up to four levels below
 * the root, '--' when absent. Search waits 500 ms after typing; closed shops can be hidden.
 */
export function ShopsPanel({ org, orgTree }: { org: TreeNode | null; orgTree: readonly TreeNode[] }) {
  const { t } = useTranslation();
  const cid = useSessionStore((state) => state.cid);
  const refresh = useRefreshOrgData();
  const canUpdate = useCan('shop_update');
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), Limits.treeSearchDebounceMs);
  const [hideClosed, setHideClosed] = useState(false);
  const [editing, setEditing] = useState<{ shop: ShopRow | null } | null>(null);
  const [logOf, setLogOf] = useState<ShopRow | null>(null);
  const [importing, setImporting] = useState(false);
  const orgId = org ? orgIdOf(org) : null;
  const orgNames = useMemo(() => {
    const names = new Map<string, string>();
    walkTree(orgTree, (node) => {
      const id = orgIdOf(node);
      if (id) names.set(id, node.name);
    });
    return names;
  }, [orgTree]);

  // A new organisation, search or filter starts from the first page.
  const paging = usePaging(JSON.stringify([orgId, keyword, hideClosed]));
  const { page, pageSize } = paging;

  const shops = useQuery({
    queryKey: [...orgAdminKeys.shops(cid), orgId, keyword, hideClosed, page, pageSize],
    queryFn: () => listShopsByParentOrg({ orgId: orgId ?? '', keyword: keyword || undefined, hideClosed, page, pageSize }),
    enabled: orgId !== null,
    placeholderData: keepPreviousData,
  });
  const pagination = useTablePagination(paging, shops.data?.total ?? 0);

  const columns: TableColumnsType<ShopRow> = [
    // Fits 1440 px beside the tree (issue 11): the four level columns were '--' for most stores, so
    // the direct parent and the levels share one column (the levels under the parent, the absent
    // ones as '--', each named on hover); the time zone goes under the business hours.
    { title: t('org:fields.number'), dataIndex: 'number', width: 90, fixed: 'left' },
    {
      title: t('org:fields.name'),
      dataIndex: 'name',
      render: (name: string, shop) => (
        <Space size={4} wrap>
          <span data-testid={`shop-row-name-${shop.number}`}>{name}</span>
          {shop.labels.map((label) => (
            <Tag key={label} bordered={false}>
              {label}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('org:columns.parentLevels'),
      key: 'parent',
      width: 150,
      render: (_value, shop) => {
        const levels = [0, 1, 2, 3].map((level) => shop.orgColumns.levels[level] ?? '--');
        const lastPresent = levels.reduce((last, name, index) => (name !== '--' ? index : last), -1);
        // Levels up to the deepest one present, then one '--' for the absent levels below it.
        const shown = [...levels.slice(0, lastPresent + 1), ...(lastPresent < 3 ? ['--'] : [])].join(' › ');
        return (
          <Tooltip title={levels.map((name, level) => `${t('org:columns.level', { n: level + 1 })}: ${name}`).join(' · ')}>
            <StackedCell primary={shop.orgColumns.parent} secondary={shown} />
          </Tooltip>
        );
      },
    },
    { title: t('org:fields.status'), dataIndex: 'status', width: 130, render: (_value, shop) => <ShopStatusTag status={shop.status} /> },
    {
      // Type and currency share a column: both are short, and a column of its own pushed Actions off at 1440 px.
      title: `${t('org:fields.shopType')} / ${t('org:fields.currency')}`,
      dataIndex: 'shopType',
      width: 110,
      render: (_value, shop) => <StackedCell primary={t(`org:shopType.${shop.shopType}`)} secondary={shop.currency} />,
    },
    {
      title: t('org:fields.businessHours'),
      dataIndex: 'businessHours',
      width: 130,
      render: (hours: string, shop) => <StackedCell primary={hours} secondary={shop.timeZone} />,
    },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_value, shop) => (
        <Space size={0}>
          {canUpdate !== 'hidden' && (
            <Button type="link" size="small" disabled={canUpdate === 'disabled'} onClick={() => setEditing({ shop })} data-testid={`shop-edit-${shop.number}`}>
              {t('common:edit')}
            </Button>
          )}
          <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setLogOf(shop)} data-testid={`shop-log-${shop.number}`}>
            {t('org:log.open')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={<TitleWithContext title={t('org:shops.title')} context={org?.name} />}
      extra={
        <Space>
          <CanButton permission="shop_upload" icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="shop-import-open">
            {t('org:shops.import')}
          </CanButton>
          <CanButton permission="shop_add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ shop: null })} data-testid="shop-add">
            {t('org:shops.add')}
          </CanButton>
        </Space>
      }
    >
      <ListFilters>
        <ListSearch value={search} onChange={setSearch} placeholder={t('org:shops.search')} testId="shop-search" />
        <Space size={6}>
          <Switch checked={hideClosed} onChange={setHideClosed} aria-labelledby="shop-hide-closed-label" data-testid="shop-hide-closed" />
          <span id="shop-hide-closed-label">{t('org:shops.hideClosed')}</span>
        </Space>
      </ListFilters>
      <Table<ShopRow>
        rowKey="shopId"
        size="middle"
        columns={columns}
        dataSource={shops.data?.list ?? []}
        loading={shops.isFetching}
        // The columns' widths plus the name's minimum: no scroll beside the tree at 1440 px.
        scroll={{ x: 880 }}
        pagination={pagination}
        data-testid="shop-table"
      />
      <ShopFormDrawer
        open={editing !== null}
        shop={editing?.shop ?? null}
        defaultOrgId={orgId}
        orgTree={orgTree}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <ShopLogDrawer shop={logOf} orgNames={orgNames} onClose={() => setLogOf(null)} />
      <ImportModal
        open={importing}
        title={t('org:shops.importTitle')}
        testId="shop-import"
        onClose={() => setImporting(false)}
        downloadTemplate={downloadShopTemplate}
        upload={uploadShops}
        downloadErrorReport={downloadShopErrorReport}
        onImported={() => void refresh()}
      />
    </Card>
  );
}
