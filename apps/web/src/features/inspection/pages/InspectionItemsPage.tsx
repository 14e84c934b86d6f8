import { type ItemStatus, Limits, type SiItemRow } from '@storelens/contracts';
import { App, Button, Card, Flex, Menu, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { saveBlob } from '../../../shared/lib/saveFile.ts';
import { ImportModal } from '../../../shared/ui/ImportModal.tsx';
import { ListFilters, ListSearch, useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';
import { EllipsisText } from '../../../shared/ui/TableCells.tsx';
import { CanButton } from '../../session/components/CanButton.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { downloadItemErrorReport, downloadItemTemplate, exportItems, isPlanExistByItem, setItemStatus, uploadItems } from '../api.ts';
import { RowLink } from '../components/RowLink.tsx';
import { useInspectionRefresh, useItemGroups, useItems } from '../hooks/useInspection.ts';
import { ITEM_ADD_PATH, ITEM_DETAIL_PATH, ITEM_EDIT_PATH } from '../routes.tsx';

const ALL = '';

/**
 * Inspection items (/SOPmanage/inspectionItem, kept alive): the categories with their item counts
 * beside the list (keyword, category, status), add, edit, details, file and restore, import from
 * and export to Excel.
 */
export function InspectionItemsPage() {
  const { t } = useTranslation('sop');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const locale = useSessionStore((state) => state.locale);
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim(), Limits.treeSearchDebounceMs);
  const [categoryId, setCategoryId] = useState(ALL);
  const [status, setStatus] = useState<ItemStatus | typeof ALL>(ALL);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const filter = { ...(search ? { keyword: search } : {}), ...(categoryId ? { categoryId } : {}), ...(status ? { status } : {}) };
  const paging = usePaging(JSON.stringify(filter));
  const groups = useItemGroups(true);
  const items = useItems({ ...filter, page: paging.page, pageSize: paging.pageSize });
  const pagination = useTablePagination(paging, items.data?.total ?? 0);
  const refresh = useInspectionRefresh();

  const changeStatus = async (item: SiItemRow, next: ItemStatus) => {
    if (next === 'filed') {
      const { planCount } = await isPlanExistByItem(item.itemId);
      const confirmed = await requestConfirmation({
        title: t('items.fileTitle', { name: item.name }),
        body: planCount > 0 ? `${t('items.fileBody')} ${t('items.fileInPlans', { count: planCount })}` : t('items.fileBody'),
        onConfirm: async () => {
          await setItemStatus(item.itemId, 'filed');
          return true;
        },
      });
      if (!confirmed) return;
    } else {
      await setItemStatus(item.itemId, 'available');
    }
    void message.success(next === 'filed' ? t('items.filed') : t('items.restored'));
    await refresh();
  };

  const download = async () => {
    setExporting(true);
    try {
      saveBlob(await exportItems(filter), 'inspection-items.xlsx');
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<SiItemRow> = [
    {
      key: 'name',
      title: t('items.columns.name'),
      render: (_, row) => (
        <Link to={`${ITEM_DETAIL_PATH}?itemId=${encodeURIComponent(row.itemId)}`} data-testid={`item-name-${row.name}`}>
          {row.name}
        </Link>
      ),
    },
    { key: 'category', title: t('items.columns.category'), dataIndex: 'categoryName', width: 150, ellipsis: true },
    { key: 'description', title: t('items.columns.description'), render: (_, row) => <EllipsisText text={row.description || '--'} /> },
    {
      key: 'status',
      title: t('items.columns.status'),
      width: 100,
      render: (_, row) => (
        <Tag color={row.status === 'available' ? 'green' : 'default'} bordered={false}>
          {t(`status.${row.status}`)}
        </Tag>
      ),
    },
    { key: 'plans', title: t('items.columns.plans'), dataIndex: 'planCount', width: 80, align: 'right' },
    { key: 'updatedAt', title: t('items.columns.updatedAt'), width: 170, render: (_, row) => formatDateTime(row.updatedAt, locale) },
    {
      key: 'actions',
      title: t('items.columns.actions'),
      width: 170,
      render: (_, row) => (
        <Space size={0}>
          <RowLink permission="siitem_update" to={`${ITEM_EDIT_PATH}?itemId=${encodeURIComponent(row.itemId)}`}>
            {t('items.edit')}
          </RowLink>
          <CanButton
            permission="siitem_close"
            type="link"
            size="small"
            onClick={() => void changeStatus(row, row.status === 'available' ? 'filed' : 'available')}
            data-testid={`item-${row.status === 'available' ? 'file' : 'restore'}-${row.name}`}
          >
            {row.status === 'available' ? t('items.file') : t('items.restore')}
          </CanButton>
        </Space>
      ),
    },
  ];

  const categoryMenu = [
    { key: ALL, label: t('items.allCategories') },
    ...(groups.data ?? []).map((group) => ({ key: group.categoryId, label: `${group.name} (${group.itemNum})` })),
  ];

  return (
    <Flex gap={16} align="flex-start" data-testid="inspection-items-page">
      <Card size="small" style={{ width: 220, flexShrink: 0 }}>
        <SectionHeading>{t('items.categoryTree')}</SectionHeading>
        <Menu
          mode="inline"
          selectedKeys={[categoryId]}
          items={categoryMenu}
          onClick={({ key }) => setCategoryId(key)}
          style={{ borderInlineEnd: 'none' }}
          aria-label={t('items.categoryTree')}
          data-testid="item-categories"
        />
      </Card>
      <Card size="small" style={{ flex: 1, minWidth: 0 }}>
        <ListFilters>
          <ListSearch value={keyword} onChange={setKeyword} placeholder={t('items.search')} testId="item-search" />
          <Select
            value={status}
            onChange={setStatus}
            style={{ width: 150 }}
            aria-label={t('items.statusFilter')}
            options={[
              { value: ALL, label: t('items.allStatuses') },
              { value: 'available', label: t('status.available') },
              { value: 'filed', label: t('status.filed') },
            ]}
          />
          <CanButton permission="siitem_create" type="primary" onClick={() => void navigate(ITEM_ADD_PATH)} data-testid="item-add">
            {t('items.add')}
          </CanButton>
          <CanButton permission="siitem_create" onClick={() => setImporting(true)} data-testid="item-import">
            {t('items.import')}
          </CanButton>
          <Button onClick={() => void download()} loading={exporting} data-testid="item-export">
            {t('items.export')}
          </Button>
        </ListFilters>
        <Table<SiItemRow>
          rowKey="itemId"
          size="small"
          columns={columns}
          dataSource={items.data?.list ?? []}
          loading={items.isFetching}
          pagination={pagination}
          data-testid="item-table"
        />
      </Card>
      <ImportModal
        open={importing}
        title={t('items.importTitle')}
        testId="item-import"
        onClose={() => setImporting(false)}
        downloadTemplate={downloadItemTemplate}
        upload={uploadItems}
        downloadErrorReport={downloadItemErrorReport}
        onImported={(count) => {
          void message.success(t('items.imported', { count }));
          void refresh();
        }}
      />
    </Flex>
  );
}
