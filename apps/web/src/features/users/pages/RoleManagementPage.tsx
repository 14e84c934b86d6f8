import { CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Limits } from '@storelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { CanButton } from '../../session/components/CanButton.tsx';
import { useCan } from '../../session/hooks/useCan.ts';
import { useWholeCustomer } from '../../session/hooks/useWholeCustomer.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { deleteRole, type RoleRow } from '../api.ts';
import { CopyRoleModal } from '../components/CopyRoleModal.tsx';
import { RoleEditorDrawer, type RoleEditorTarget } from '../components/RoleEditorDrawer.tsx';
import { useRoleList, useRoleName, userAdminKeys } from '../hooks/useRoles.ts';

/**
 * Roles (spec section 3: name, privileges, last update; create, view, copy, delete). Changing
 * roles needs user_update besides user management, as the server checks; system roles are
 * read-only and shown in the reader's language; deleting a role users hold is refused.
 */
export function RoleManagementPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const cid = useSessionStore((state) => state.cid);
  const locale = useSessionStore((state) => state.locale);
  const roleName = useRoleName();
  const canUpdate = useCan('user_update');
  // Roles are customer-wide: only administrators of the whole customer change them (the server refuses the others).
  const wholeCustomer = useWholeCustomer();
  const canChange = wholeCustomer ? canUpdate : 'hidden';
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), Limits.treeSearchDebounceMs);
  const roles = useRoleList(keyword || undefined);
  const [editor, setEditor] = useState<RoleEditorTarget | null>(null);
  const [copying, setCopying] = useState<{ roleId: number; name: string } | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: userAdminKeys.all(cid) });

  const remove = async (role: RoleRow) => {
    const deleted = await requestConfirmation({
      title: t('users:roles.deleteTitle', { name: role.name }),
      body: t('users:roles.deleteBody'),
      danger: true,
      onConfirm: async () => {
        await deleteRole(role.roleId);
        return true;
      },
    });
    if (!deleted) return;
    void message.success(t('users:roles.deleted'));
    await reload();
  };

  const columns: TableColumnsType<RoleRow> = [
    {
      title: t('users:roles.name'),
      dataIndex: 'name',
      render: (_value, role) => (
        <Space>
          <span data-testid={`role-row-${role.roleId}`}>{roleName(role.roleId, role.name)}</span>
          {role.isSystem ? <Tag>{t('users:roles.system')}</Tag> : <Tag color="blue">{t('users:roles.custom')}</Tag>}
        </Space>
      ),
    },
    { title: t('users:roles.userCount'), dataIndex: 'userCount', width: 120 },
    { title: t('users:roles.updatedAt'), dataIndex: 'updatedAt', width: 180, render: (value: string) => formatDateTime(value, locale) },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 260,
      render: (_value, role) => {
        const name = roleName(role.roleId, role.name);
        const editable = !role.isSystem && canChange === 'shown';
        return (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              icon={editable ? <EditOutlined /> : <EyeOutlined />}
              onClick={() => setEditor({ mode: editable ? 'edit' : 'view', roleId: role.roleId })}
              data-testid={`role-open-${role.roleId}`}
            >
              {editable ? t('common:edit') : t('users:roles.view')}
            </Button>
            {canChange !== 'hidden' && (
              <Button
                type="link"
                size="small"
                icon={<CopyOutlined />}
                disabled={canChange === 'disabled'}
                onClick={() => setCopying({ roleId: role.roleId, name })}
                data-testid={`role-copy-${role.roleId}`}
              >
                {t('users:roles.copy')}
              </Button>
            )}
            {canChange !== 'hidden' && !role.isSystem && (
              <Tooltip title={role.userCount > 0 ? t('users:roles.inUse', { n: role.userCount }) : undefined}>
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={canChange === 'disabled'}
                  onClick={() => void remove({ ...role, name })}
                  data-testid={`role-delete-${role.roleId}`}
                >
                  {t('common:delete')}
                </Button>
              </Tooltip>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card
      size="small"
      title={t('users:roles.title')}
      data-testid="role-management"
      extra={
        wholeCustomer && (
          <CanButton permission="user_update" type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create' })} data-testid="role-add">
            {t('users:roles.add')}
          </CanButton>
        )
      }
    >
      <Input.Search
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('users:roles.search')}
        style={{ width: 260, marginBottom: 12 }}
        data-testid="role-search"
      />
      <Table<RoleRow>
        rowKey="roleId"
        columns={columns}
        dataSource={roles.data ?? []}
        loading={roles.isFetching}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        data-testid="role-table"
      />
      <RoleEditorDrawer
        target={editor}
        onClose={() => setEditor(null)}
        onSaved={() => {
          setEditor(null);
          void reload();
        }}
      />
      <CopyRoleModal
        source={copying}
        onClose={() => setCopying(null)}
        onCopied={(roleId) => {
          setCopying(null);
          void reload();
          // The copy is a custom role: open it for its privileges straight away.
          setEditor({ mode: 'edit', roleId });
        }}
      />
    </Card>
  );
}
