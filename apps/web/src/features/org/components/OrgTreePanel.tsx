import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TreeNode } from '@storelens/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Card, Skeleton, Space, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { orgIdOf, orgsOnly } from '../../../shared/lib/trees.ts';
import { SearchableTree } from '../../../shared/ui/SearchableTree.tsx';
import { CanButton } from '../../session/components/CanButton.tsx';
import { addOrg, deleteOrg, renameOrg } from '../api.ts';
import { useRefreshOrgData } from '../hooks/useOrgAdminData.ts';
import { OrgNameModal } from './OrgNameModal.tsx';

type Editing = { kind: 'add'; parent: TreeNode } | { kind: 'rename'; node: TreeNode } | null;

/**
 * The organisation tree of orgMng: select an organisation to list its shops; add a child, rename
 * or delete it (org_add, org_rename, org_delete through useCan). The root cannot be deleted, nor an
 * organisation with shops, children or users: the server says which, in the error modal.
 */
export function OrgTreePanel({
  tree,
  loading,
  selected,
  onSelect,
}: {
  tree: readonly TreeNode[];
  loading: boolean;
  selected: TreeNode | null;
  onSelect(node: TreeNode | null): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshOrgData();
  const orgs = useMemo(() => orgsOnly(tree), [tree]);
  const [editing, setEditing] = useState<Editing>(null);
  const selectedId = selected ? orgIdOf(selected) : null;
  const missingIds = orgs.length > 0 && !selectedId && selected !== null;

  const save = useMutation({
    mutationFn: async ({ editing: target, name }: { editing: Exclude<Editing, null>; name: string }) => {
      if (target.kind === 'add') {
        const parentId = orgIdOf(target.parent);
        if (!parentId) throw new Error('organisation id missing');
        return addOrg({ parentId, name });
      }
      const orgId = orgIdOf(target.node);
      if (!orgId) throw new Error('organisation id missing');
      return renameOrg({ orgId, name });
    },
    onSuccess: async (_result, { editing: target }) => {
      void message.success(target.kind === 'add' ? t('org:tree.added') : t('org:tree.renamed'));
      setEditing(null);
      await refresh();
    },
  });

  const remove = async (node: TreeNode) => {
    const orgId = orgIdOf(node);
    if (!orgId) return;
    const deleted = await requestConfirmation({
      title: t('org:tree.deleteTitle', { name: node.name }),
      body: t('org:tree.deleteBody'),
      danger: true,
      onConfirm: async () => {
        await deleteOrg(orgId);
        return true;
      },
    });
    if (!deleted) return;
    void message.success(t('org:tree.deleted'));
    onSelect(null);
    await refresh();
  };

  const isRoot = selected !== null && orgs.some((root) => root.key === selected.key);

  return (
    <Card
      size="small"
      title={t('org:tree.title')}
      className="sl-side-card"
      extra={
        <Space size={4}>
          <Tooltip title={t('org:tree.add')}>
            <CanButton
              permission="org_add"
              size="small"
              icon={<PlusOutlined />}
              disabled={!selectedId}
              onClick={() => selected && setEditing({ kind: 'add', parent: selected })}
              aria-label={t('org:tree.add')}
              data-testid="org-add"
            />
          </Tooltip>
          <Tooltip title={t('org:tree.rename')}>
            <CanButton
              permission="org_rename"
              size="small"
              icon={<EditOutlined />}
              disabled={!selectedId}
              onClick={() => selected && setEditing({ kind: 'rename', node: selected })}
              aria-label={t('org:tree.rename')}
              data-testid="org-rename"
            />
          </Tooltip>
          <Tooltip title={isRoot ? t('org:tree.rootLocked') : t('org:tree.delete')}>
            <CanButton
              permission="org_delete"
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={!selectedId || isRoot}
              onClick={() => selected && void remove(selected)}
              aria-label={t('org:tree.delete')}
              data-testid="org-delete"
            />
          </Tooltip>
        </Space>
      }
    >
      {loading && <Skeleton active />}
      {missingIds && <Alert type="warning" showIcon title={t('org:tree.noIds')} style={{ marginBottom: 8 }} />}
      {!loading && <SearchableTree nodes={orgs} selectedKey={selected?.key ?? null} onSelect={onSelect} testId="org-tree" expandDepth={2} />}
      <OrgNameModal
        open={editing !== null}
        title={editing?.kind === 'add' ? t('org:tree.addTitle', { parent: editing.parent.name }) : t('org:tree.renameTitle')}
        initialName={editing?.kind === 'rename' ? editing.node.name : ''}
        saving={save.isPending}
        onSubmit={(name) => editing && save.mutate({ editing, name })}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
