import type { TreeNode } from '@storelens/contracts';
import { Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { findNode } from '../../../shared/lib/trees.ts';
import { OrgTreePanel } from '../components/OrgTreePanel.tsx';
import { ShopGroupsPanel } from '../components/ShopGroupsPanel.tsx';
import { ShopsPanel } from '../components/ShopsPanel.tsx';
import { useAdminOrgTree } from '../hooks/useOrgAdminData.ts';

const TABS = ['shops', 'groups'] as const;
type OrgTab = (typeof TABS)[number];

/** Organisation management: the tree and its shops, and the store groups (tab `?tab=groups`). */
export function OrgManagementPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: OrgTab = params.get('tab') === 'groups' ? 'groups' : 'shops';
  const tree = useAdminOrgTree();
  const [selectedKey, setSelectedKey] = useState<string | null>(null);

  // The first selectable organisation (the user's own top) until the user picks another; a
  // deleted or renamed organisation is found again by its key in the new tree.
  const nodes = tree.data ?? [];
  const firstSelectable = (list: readonly TreeNode[]): TreeNode | null => {
    for (const node of list) {
      if (node.orgType === 0 && node.prmType >= 0) return node;
      const below = firstSelectable(node.sublist);
      if (below) return below;
    }
    return null;
  };
  const selected = (selectedKey ? findNode(nodes, selectedKey) : null) ?? firstSelectable(nodes);
  useEffect(() => {
    if (selectedKey && tree.data && !findNode(tree.data, selectedKey)) setSelectedKey(null);
  }, [selectedKey, tree.data]);

  return (
    <div className="sl-page" data-testid="org-management">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'groups' ? { tab: 'groups' } : {}, { replace: true })}
        items={[
          {
            key: 'shops',
            label: <span data-testid="org-tab-shops">{t('org:tabs.shops')}</span>,
            children: (
              <div className="sl-split">
                <div className="sl-split-side">
                  <OrgTreePanel tree={nodes} loading={tree.isPending} selected={selected} onSelect={(node) => setSelectedKey(node?.key ?? null)} />
                </div>
                <div className="sl-split-main">
                  <ShopsPanel org={selected} orgTree={nodes} />
                </div>
              </div>
            ),
          },
          { key: 'groups', label: <span data-testid="org-tab-groups">{t('org:tabs.groups')}</span>, children: <ShopGroupsPanel /> },
        ]}
      />
    </div>
  );
}
