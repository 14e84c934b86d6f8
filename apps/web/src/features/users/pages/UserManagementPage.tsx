import { KeyOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Limits, type TreeNode, type UserRow } from '@storelens/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Segmented, Select, Skeleton, Space, Switch, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { findNode, orgIdOf, orgsOnly, walkTree } from '../../../shared/lib/trees.ts';
import { ImportModal } from '../../../shared/ui/ImportModal.tsx';
import { ListFilters, ListSearch, TitleWithContext, useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { SearchableTree } from '../../../shared/ui/SearchableTree.tsx';
import { EllipsisText, StackedCell } from '../../../shared/ui/TableCells.tsx';
import { useAdminOrgTree } from '../../org/hooks/useOrgAdminData.ts';
import { fetchShopTree } from '../../session/api.ts';
import { CanButton } from '../../session/components/CanButton.tsx';
import { useCan } from '../../session/hooks/useCan.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { downloadUserErrorReport, downloadUserTemplate, listUsersByOrg, listUsersByShops, setUserEnabled, uploadUsers } from '../api.ts';
import { SetPasswordModal } from '../components/SetPasswordModal.tsx';
import { UserFormDrawer } from '../components/UserFormDrawer.tsx';
import { useRoleName, userAdminKeys } from '../hooks/useRoles.ts';

type ListBy = 'org' | 'shops';
type StatusFilter = 'all' | 'enabled' | 'disabled';

/** The shops at or below a node of the shop tree (the server takes at most 500). */
function shopIdsUnder(node: TreeNode): string[] {
  if (node.orgType === 1) return node.shopId ? [node.shopId] : [];
  const ids: string[] = [];
  walkTree(node.sublist, (child) => {
    if (child.orgType === 1 && child.shopId) ids.push(child.shopId);
  });
  return ids.slice(0, 500);
}

function firstSelectable(nodes: readonly TreeNode[]): TreeNode | null {
  for (const node of nodes) {
    if (node.prmType >= 0) return node;
    const below = firstSelectable(node.sublist);
    if (below) return below;
  }
  return null;
}

/**
 * User management (spec section 7, "Users"): users of an organisation subtree or of shops, keyword
 * search (500 ms), enabled filter, paging; add, edit, enable/disable (a disabled user's sessions end
 * at once), set password and import from Excel, each button following its feature key.
 */
export function UserManagementPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const cid = useSessionStore((state) => state.cid);
  const ownUid = useSessionStore((state) => state.uid);
  const roleName = useRoleName();
  const canUpdate = useCan('user_update');
  const canUpdateStatus = useCan('user_update_status');
  const canSetPassword = useCan('user_update_password');
  const orgTree = useAdminOrgTree();
  const shopTree = useQuery({ queryKey: ['users', cid, 'shopTree'], queryFn: () => fetchShopTree('all'), enabled: cid !== null });

  const [listBy, setListBy] = useState<ListBy>('org');
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), Limits.treeSearchDebounceMs);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [editing, setEditing] = useState<{ user: UserRow | null } | null>(null);
  const [passwordOf, setPasswordOf] = useState<UserRow | null>(null);
  const [importing, setImporting] = useState(false);

  const orgs = useMemo(() => orgsOnly(orgTree.data ?? []), [orgTree.data]);
  const treeNodes = listBy === 'org' ? orgs : (shopTree.data ?? []);
  const selected = (selectedKey ? findNode(treeNodes, selectedKey) : null) ?? firstSelectable(treeNodes);
  const orgId = listBy === 'org' && selected ? orgIdOf(selected) : null;
  const shopIds = useMemo(() => (listBy === 'shops' && selected ? shopIdsUnder(selected) : []), [listBy, selected]);
  const enabled = status === 'all' ? undefined : status === 'enabled';

  const paging = usePaging(JSON.stringify([listBy, selected?.key, keyword, status]));
  const { page, pageSize } = paging;

  const users = useQuery({
    queryKey: [...userAdminKeys.list(cid), listBy, orgId, shopIds.join(','), keyword, status, page, pageSize],
    queryFn: () =>
      listBy === 'org'
        ? listUsersByOrg({ orgId: orgId ?? '', keyword: keyword || undefined, enabled, page, pageSize })
        : listUsersByShops({ shopIds, keyword: keyword || undefined, enabled, page, pageSize }),
    enabled: listBy === 'org' ? orgId !== null : shopIds.length > 0,
    placeholderData: keepPreviousData,
  });
  const pagination = useTablePagination(paging, users.data?.total ?? 0);
  const reload = () => queryClient.invalidateQueries({ queryKey: userAdminKeys.all(cid) });

  const toggle = async (user: UserRow, next: boolean) => {
    if (!next) {
      const confirmed = await requestConfirmation({
        title: t('users:status.disableTitle', { name: user.name }),
        body: t('users:status.disableBody'),
        onConfirm: async () => {
          await setUserEnabled(user.userId, false);
          return true;
        },
      });
      if (!confirmed) return;
    } else {
      await setUserEnabled(user.userId, true);
    }
    void message.success(next ? t('users:status.enabled') : t('users:status.disabled'));
    await reload();
  };

  const columns: TableColumnsType<UserRow> = [
    // Fits 1440 px beside the tree (issue 11): the employee number (mostly empty) goes under the
    // name, mobile and sign-up type under the login name, organisation and stores share a column.
    {
      title: t('users:fields.name'),
      dataIndex: 'name',
      width: 140,
      render: (name: string, user) => (
        <StackedCell primary={<span data-testid={`user-row-${user.loginName}`}>{name}</span>} secondary={user.employeeNo || undefined} />
      ),
    },
    {
      title: t('users:fields.loginName'),
      dataIndex: 'loginName',
      render: (loginName: string, user) => (
        <StackedCell
          primary={<EllipsisText text={loginName} />}
          secondary={[user.mobile, t(`users:signupType.${user.signupType}`)].filter(Boolean).join(' · ')}
        />
      ),
    },
    {
      title: t('users:fields.role'),
      dataIndex: 'roleName',
      width: 120,
      render: (_value, user) => <EllipsisText text={roleName(user.roleId, user.roleName)} />,
    },
    {
      title: t('users:fields.scope'),
      key: 'scope',
      width: 160,
      render: (_value, user) => {
        const tags =
          user.shops.length === 0 ? null : (
            <Space size={[0, 4]} wrap>
              {user.shops.slice(0, 2).map((shop) => (
                <Tag key={shop.shopId} bordered={false}>
                  {shop.name}
                </Tag>
              ))}
              {user.shops.length > 2 && (
                <Tooltip title={user.shops.map((shop) => shop.name).join(', ')}>
                  <Tag bordered={false}>+{user.shops.length - 2}</Tag>
                </Tooltip>
              )}
            </Space>
          );
        if (user.orgName) return <StackedCell primary={<EllipsisText text={user.orgName} />} secondary={tags} />;
        return tags ?? <EllipsisText text={t('users:wholeCustomer')} />;
      },
    },
    {
      title: t('users:fields.status'),
      dataIndex: 'enabled',
      width: 90,
      render: (_value, user) =>
        canUpdateStatus === 'hidden' ? (
          <Tag color={user.enabled ? 'green' : 'default'}>{user.enabled ? t('users:status.on') : t('users:status.off')}</Tag>
        ) : (
          <Switch
            size="small"
            checked={user.enabled}
            disabled={canUpdateStatus === 'disabled' || user.userId === ownUid}
            onChange={(next) => void toggle(user, next).catch(() => undefined)}
            aria-label={`${t('users:fields.status')}: ${user.loginName}`}
            data-testid={`user-status-${user.loginName}`}
          />
        ),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_value, user) => (
        <Space size={0}>
          {canUpdate !== 'hidden' && (
            <Button
              type="link"
              size="small"
              disabled={canUpdate === 'disabled'}
              onClick={() => setEditing({ user })}
              data-testid={`user-edit-${user.loginName}`}
            >
              {t('common:edit')}
            </Button>
          )}
          {canSetPassword !== 'hidden' && (
            <Button
              type="link"
              size="small"
              icon={<KeyOutlined />}
              disabled={canSetPassword === 'disabled' || user.sharedAccount}
              onClick={() => setPasswordOf(user)}
              data-testid={`user-password-${user.loginName}`}
            >
              {t('users:password.open')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const treeLoading = listBy === 'org' ? orgTree.isPending : shopTree.isPending;

  return (
    <div className="sl-split sl-page" data-testid="user-management">
      <div className="sl-split-side">
        <Card size="small" className="sl-side-card" title={t('users:listBy.title')}>
          <Segmented<ListBy>
            block
            value={listBy}
            onChange={(value) => {
              setListBy(value);
              setSelectedKey(null);
            }}
            options={[
              { value: 'org', label: <span data-testid="user-list-by-org">{t('users:listBy.org')}</span> },
              { value: 'shops', label: <span data-testid="user-list-by-shops">{t('users:listBy.shops')}</span> },
            ]}
            style={{ marginBottom: 12 }}
          />
          {treeLoading ? (
            <Skeleton active />
          ) : (
            <SearchableTree
              key={listBy}
              nodes={treeNodes}
              selectedKey={selected?.key ?? null}
              onSelect={(node) => setSelectedKey(node.key)}
              testId={listBy === 'org' ? 'user-org-tree' : 'user-shop-tree'}
              expandDepth={listBy === 'org' ? 2 : 1}
            />
          )}
        </Card>
      </div>
      <div className="sl-split-main">
        <Card
          size="small"
          title={<TitleWithContext title={t('users:title')} context={selected?.name} />}
          extra={
            <Space>
              <CanButton permission="user_upload" icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="user-import-open">
                {t('users:import')}
              </CanButton>
              <CanButton permission="user_add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ user: null })} data-testid="user-add">
                {t('users:add')}
              </CanButton>
            </Space>
          }
        >
          <ListFilters>
            <ListSearch value={search} onChange={setSearch} placeholder={t('users:search')} testId="user-search" />
            <Select<StatusFilter>
              value={status}
              onChange={setStatus}
              style={{ width: 160 }}
              options={(['all', 'enabled', 'disabled'] as const).map((value) => ({ value, label: t(`users:filter.${value}`) }))}
              aria-label={t('users:fields.status')}
              data-testid="user-status-filter"
            />
          </ListFilters>
          {listBy === 'shops' && selected && shopIds.length === 0 ? (
            <Empty description={t('users:noShopsBelow')} />
          ) : (
            <Table<UserRow>
              rowKey="userId"
              size="middle"
              columns={columns}
              dataSource={users.data?.list ?? []}
              loading={users.isFetching}
              // The columns' widths plus the login name's minimum: no scroll beside the tree at 1440 px.
              scroll={{ x: 870 }}
              pagination={pagination}
              data-testid="user-table"
            />
          )}
        </Card>
      </div>
      <UserFormDrawer
        open={editing !== null}
        user={editing?.user ?? null}
        orgTree={orgTree.data ?? []}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void reload();
        }}
      />
      <SetPasswordModal user={passwordOf} onClose={() => setPasswordOf(null)} />
      <ImportModal
        open={importing}
        title={t('users:importTitle')}
        testId="user-import"
        onClose={() => setImporting(false)}
        downloadTemplate={downloadUserTemplate}
        upload={uploadUsers}
        downloadErrorReport={downloadUserErrorReport}
        onImported={() => void reload()}
      />
    </div>
  );
}
