import { PlusOutlined } from '@ant-design/icons';
import { Limits } from '@storelens/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { CanButton } from '../../session/components/CanButton.tsx';
import { useCan } from '../../session/hooks/useCan.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { useRoleOptions } from '../../users/hooks/useRoles.ts';
import { deleteShopGroup, listShopGroups, type ShopGroupRow } from '../api.ts';
import { orgAdminKeys } from '../hooks/useOrgAdminData.ts';
import { ShopGroupModal } from './ShopGroupModal.tsx';

/**
 * Store groups (spec section 3: name, store count, permissions, score). Add, edit and delete follow
 * shopgroup_add; deleting a group that still has stores is refused by the server, which says so.
 */
export function ShopGroupsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const cid = useSessionStore((state) => state.cid);
  const locale = useSessionStore((state) => state.locale);
  const canManage = useCan('shopgroup_add');
  const roles = useRoleOptions();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), Limits.treeSearchDebounceMs);
  const [editing, setEditing] = useState<{ group: ShopGroupRow | null } | null>(null);
  const groups = useQuery({ queryKey: [...orgAdminKeys.groups(cid), keyword], queryFn: () => listShopGroups(keyword || undefined), enabled: cid !== null });
  const roleName = (roleId: number) => roles.options.find((role) => role.roleId === roleId)?.name ?? String(roleId);
  const reload = () => queryClient.invalidateQueries({ queryKey: orgAdminKeys.all(cid) });

  const remove = async (group: ShopGroupRow) => {
    const deleted = await requestConfirmation({
      title: t('org:groups.deleteTitle', { name: group.name }),
      body: t('org:groups.deleteBody'),
      danger: true,
      onConfirm: async () => {
        await deleteShopGroup(group.groupId);
        return true;
      },
    });
    if (!deleted) return;
    void message.success(t('org:groups.deleted'));
    await reload();
  };

  const columns: TableColumnsType<ShopGroupRow> = [
    { title: t('org:groups.name'), dataIndex: 'name', render: (name: string) => <span data-testid={`group-row-${name}`}>{name}</span> },
    { title: t('org:groups.storeCount'), dataIndex: 'storeCount', width: 120 },
    {
      title: t('org:groups.permissions'),
      key: 'roles',
      render: (_value, group) =>
        group.roleIds.length === 0 ? (
          <Tag>{t('org:groups.everyRole')}</Tag>
        ) : (
          group.roleIds.map((roleId) => (
            <Tag key={roleId} color="blue">
              {roleName(roleId)}
            </Tag>
          ))
        ),
    },
    { title: t('org:groups.score'), dataIndex: 'score', width: 90, render: (score: number | null) => score ?? '--' },
    { title: t('common:updatedAt'), dataIndex: 'updatedAt', width: 170, render: (value: string) => formatDateTime(value, locale) },
    ...(canManage === 'hidden'
      ? []
      : [
          {
            title: t('common:actions'),
            key: 'actions',
            width: 150,
            render: (_value: unknown, group: ShopGroupRow) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  disabled={canManage === 'disabled'}
                  onClick={() => setEditing({ group })}
                  data-testid={`group-edit-${group.name}`}
                >
                  {t('common:edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  disabled={canManage === 'disabled'}
                  onClick={() => void remove(group)}
                  data-testid={`group-delete-${group.name}`}
                >
                  {t('common:delete')}
                </Button>
              </Space>
            ),
          },
        ]),
  ];

  return (
    <Card
      size="small"
      title={t('org:groups.title')}
      extra={
        <CanButton permission="shopgroup_add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ group: null })} data-testid="group-add">
          {t('org:groups.add')}
        </CanButton>
      }
    >
      <Input.Search
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('org:groups.search')}
        style={{ width: 260, marginBottom: 12 }}
        data-testid="group-search"
      />
      <Table<ShopGroupRow>
        rowKey="groupId"
        columns={columns}
        dataSource={groups.data ?? []}
        loading={groups.isFetching}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        data-testid="group-table"
      />
      <ShopGroupModal
        open={editing !== null}
        group={editing?.group ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void reload();
        }}
      />
    </Card>
  );
}
