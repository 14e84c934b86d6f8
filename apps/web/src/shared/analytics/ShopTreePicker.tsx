import { DownOutlined, ShopOutlined } from '@ant-design/icons';
import { Limits, type TreeNode } from '@storelens/contracts';
import { Button, Checkbox, Empty, Input, Popover, Space, Tree, type TreeDataNode, Typography } from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../hooks/useDebouncedValue.ts';
import { filterTree, keysToDepth, walkTree } from '../lib/trees.ts';
import { isSelectableShop, withoutClosedShops } from './shopSelection.ts';
import type { ShopSelection } from './useShopSelection.ts';

export interface ShopTreePickerProps {
  selection: ShopSelection;
  /** data-testid of the trigger; the panel's parts are `${testId}-search`, `-hide-closed`, `-all`, `-clear`, `-ok`, `-node-<key>`. */
  testId?: string;
}

function shopIdsIn(nodes: readonly TreeNode[]): Set<string> {
  const ids = new Set<string>();
  walkTree(nodes, (node) => {
    if (isSelectableShop(node)) ids.add(node.shopId);
  });
  return ids;
}

/**
 * The shop picker of every analytics page: the customer's shop tree with a search (500 ms
 * debounce, spec section 9), 'hide closed shops', one shop or several (a whole organisation at
 * once by its checkbox; 'select all' and 'clear' act on what the search shows). Several shops
 * are applied with OK, so a page queries once per choice.
 */
export function ShopTreePicker({ selection, testId = 'shop-picker' }: ShopTreePickerProps) {
  const { t } = useTranslation();
  const { mode, tree, shopIds, hideClosed } = selection;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>(shopIds);
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search, Limits.treeSearchDebounceMs);

  // The draft starts from the applied selection when the panel opens, and only then: a tree or
  // selection that refreshes while the panel is open must not undo what the user has ticked.
  const openPanel = (next: boolean) => {
    if (next && !open) setDraft(shopIds);
    setOpen(next);
  };

  const shown = useMemo(() => (tree ? (hideClosed ? withoutClosedShops(tree) : tree) : []), [tree, hideClosed]);
  const filtered = useMemo(() => filterTree(shown, keyword), [shown, keyword]);
  const [expandedKeys, setExpandedKeys] = useState<string[]>([]);
  useEffect(() => {
    setExpandedKeys(keyword.trim() ? filtered.expandedKeys : keysToDepth(shown, 2));
  }, [keyword, filtered, shown]);

  const keyOfShop = useMemo(() => {
    const keys = new Map<string, string>();
    walkTree(shown, (node) => {
      if (isSelectableShop(node)) keys.set(node.shopId, node.key);
    });
    return keys;
  }, [shown]);
  const shopOfKey = useMemo(() => new Map([...keyOfShop].map(([id, key]) => [key, id])), [keyOfShop]);

  const toData = (list: readonly TreeNode[]): TreeDataNode[] =>
    list.map((node) => {
      const shop = isSelectableShop(node);
      return {
        key: node.key,
        // Out-of-scope ancestors (negative prmType) are shown to reach what lies below them.
        disableCheckbox: node.prmType < 0,
        selectable: mode === 'single' && shop,
        title: (
          <span data-testid={`${testId}-node-${node.key}`} className={node.prmType < 0 ? 'sl-tree-unselectable' : undefined}>
            {node.name}
            {node.isClosed && <Typography.Text type="secondary"> ({t('analytics:shopPicker.closed')})</Typography.Text>}
          </span>
        ),
        children: node.orgType === 1 || node.sublist.length === 0 ? undefined : toData(node.sublist),
        isLeaf: node.orgType === 1,
      };
    });

  const keysOf = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const key = keyOfShop.get(id);
      return key ? [key] : [];
    });

  const applyCheck = (checkedNodes: readonly { key: Key }[]) => {
    // The visible (searched) part of the tree is replaced; shops outside it keep their state.
    const visible = shopIdsIn(filtered.nodes);
    const checked = checkedNodes.flatMap((node) => {
      const id = shopOfKey.get(String(node.key));
      return id ? [id] : [];
    });
    setDraft([...draft.filter((id) => !visible.has(id)), ...checked]);
  };

  const summary = (() => {
    if (!tree) return t('analytics:shopPicker.loading');
    if (shopIds.length === 0) return t('analytics:shopPicker.none');
    if (shopIds.length === 1) return selection.shopNames[0] ?? t('analytics:shopPicker.count', { n: 1 });
    if (shopIds.length === selection.availableCount) return t('analytics:shopPicker.all', { n: shopIds.length });
    return t('analytics:shopPicker.count', { n: shopIds.length });
  })();

  const panel = (
    <div className="sl-shop-picker-panel" data-testid={`${testId}-panel`}>
      <Input.Search
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('analytics:shopPicker.search')}
        data-testid={`${testId}-search`}
      />
      <Space style={{ margin: '8px 0' }} wrap>
        <Checkbox checked={hideClosed} onChange={(event) => selection.setHideClosed(event.target.checked)} data-testid={`${testId}-hide-closed`}>
          {t('analytics:shopPicker.hideClosed')}
        </Checkbox>
        {mode === 'multiple' && (
          <>
            <Button size="small" type="link" onClick={() => setDraft([...new Set([...draft, ...shopIdsIn(filtered.nodes)])])} data-testid={`${testId}-all`}>
              {t('analytics:shopPicker.selectAll')}
            </Button>
            <Button
              size="small"
              type="link"
              onClick={() => {
                const visible = shopIdsIn(filtered.nodes);
                setDraft(draft.filter((id) => !visible.has(id)));
              }}
              data-testid={`${testId}-clear`}
            >
              {t('analytics:shopPicker.clear')}
            </Button>
          </>
        )}
      </Space>
      {filtered.nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analytics:shopPicker.noMatch')} />
      ) : (
        <Tree
          blockNode
          checkable={mode === 'multiple'}
          selectable={mode === 'single'}
          treeData={toData(filtered.nodes)}
          checkedKeys={keysOf(draft)}
          selectedKeys={mode === 'single' ? keysOf(shopIds) : []}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setExpandedKeys(keys.map(String))}
          onCheck={(_keys, info) => applyCheck(info.checkedNodes)}
          onSelect={(_keys, info) => {
            const id = shopOfKey.get(String(info.node.key));
            if (!id) return;
            selection.setShopIds([id]);
            setOpen(false);
          }}
          height={360}
        />
      )}
      {mode === 'multiple' && (
        <div className="sl-shop-picker-footer">
          <Typography.Text type="secondary">{t('analytics:shopPicker.count', { n: draft.length })}</Typography.Text>
          <Space>
            <Button size="small" onClick={() => setOpen(false)} data-testid={`${testId}-cancel`}>
              {t('analytics:shopPicker.cancel')}
            </Button>
            <Button
              size="small"
              type="primary"
              onClick={() => {
                selection.setShopIds(draft);
                setOpen(false);
              }}
              data-testid={`${testId}-ok`}
            >
              {t('analytics:shopPicker.ok')}
            </Button>
          </Space>
        </div>
      )}
    </div>
  );

  return (
    <Popover open={open} onOpenChange={openPanel} trigger="click" placement="bottomLeft" content={panel} destroyOnHidden>
      <Button icon={<ShopOutlined />} loading={!tree} data-testid={testId} className="sl-shop-picker-trigger">
        <span className="sl-shop-picker-summary">{summary}</span>
        <DownOutlined />
      </Button>
    </Popover>
  );
}
