import { Limits, type SiClassRow } from '@storelens/contracts';
import { App, Card, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { ListFilters, ListSearch } from '../../../shared/ui/ListControls.tsx';
import { CanButton } from '../../session/components/CanButton.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { deleteCategory } from '../api.ts';
import { RowLink } from '../components/RowLink.tsx';
import { useCategories, useInspectionRefresh } from '../hooks/useInspection.ts';
import { CATEGORY_ADD_PATH, CATEGORY_EDIT_PATH } from '../routes.tsx';

/**
 * Inspection categories (/SOPmanage/inspectionClassList, kept alive): names with their item counts;
 * add and edit on their own pages; a category that still has items cannot be deleted (the server
 * answers why).
 */
export function CategoriesPage() {
  const { t } = useTranslation('sop');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const locale = useSessionStore((state) => state.locale);
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim(), Limits.treeSearchDebounceMs);
  const categories = useCategories(search || undefined);
  const refresh = useInspectionRefresh();

  const remove = async (row: SiClassRow) => {
    const confirmed = await requestConfirmation({
      title: t('categories.deleteTitle', { name: row.name }),
      body: t('categories.deleteBody'),
      danger: true,
      onConfirm: async () => {
        await deleteCategory(row.categoryId);
        return true;
      },
    });
    if (!confirmed) return;
    void message.success(t('categories.deleted'));
    await refresh();
  };

  const columns: TableColumnsType<SiClassRow> = [
    { key: 'name', title: t('categories.columns.name'), dataIndex: 'name' },
    { key: 'itemNum', title: t('categories.columns.itemNum'), dataIndex: 'itemNum', width: 120, align: 'right' },
    { key: 'updatedAt', title: t('categories.columns.updatedAt'), width: 180, render: (_, row) => formatDateTime(row.updatedAt, locale) },
    {
      key: 'actions',
      title: t('categories.columns.actions'),
      width: 160,
      render: (_, row) => (
        <Space size={0}>
          <RowLink permission="siclass_update" to={`${CATEGORY_EDIT_PATH}?categoryId=${encodeURIComponent(row.categoryId)}`}>
            {t('categories.edit')}
          </RowLink>
          <CanButton permission="siclass_delete" type="link" size="small" danger onClick={() => void remove(row)} data-testid={`category-delete-${row.name}`}>
            {t('categories.delete')}
          </CanButton>
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" data-testid="categories-page">
      <ListFilters>
        <ListSearch value={keyword} onChange={setKeyword} placeholder={t('categories.search')} testId="category-search" />
        <CanButton permission="siclass_create" type="primary" onClick={() => void navigate(CATEGORY_ADD_PATH)} data-testid="category-add">
          {t('categories.add')}
        </CanButton>
      </ListFilters>
      <Table<SiClassRow>
        rowKey="categoryId"
        size="small"
        columns={columns}
        dataSource={categories.data ?? []}
        loading={categories.isFetching}
        pagination={false}
        data-testid="category-table"
      />
    </Card>
  );
}
