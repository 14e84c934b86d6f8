import { Limits, type TreeNode } from '@storelens/contracts';
import { Empty, Input, Tree, type TreeDataNode } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../hooks/useDebouncedValue.ts';
import { filterTree, keysToDepth } from '../lib/trees.ts';

export interface SearchableTreeProps {
  nodes: readonly TreeNode[];
  selectedKey: string | null;
  onSelect(node: TreeNode): void;
  /** Extra content after a node's name (counts, a closed tag). */
  renderExtra?(node: TreeNode): ReactNode;
  testId: string;
  /** Levels open at first. */
  expandDepth?: number;
  height?: number;
}

/**
 * The organisation / shop tree with a search box (500 ms debounce, spec section 9). Nodes with a
 * negative prmType are shown to reach what lies below them but cannot be selected.
 */
export function SearchableTree({ nodes, selectedKey, onSelect, renderExtra, testId, expandDepth = 2, height }: SearchableTreeProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search, Limits.treeSearchDebounceMs);
  const filtered = useMemo(() => filterTree(nodes, keyword), [nodes, keyword]);
  const [expandedKeys, setExpandedKeys] = useState<string[]>(() => keysToDepth(nodes, expandDepth));

  // A new tree (first load, an added organisation) keeps what was open and opens the first levels.
  useEffect(() => {
    setExpandedKeys((open) => [...new Set([...open, ...keysToDepth(nodes, expandDepth)])]);
  }, [nodes, expandDepth]);
  useEffect(() => {
    if (keyword.trim()) setExpandedKeys(filtered.expandedKeys);
  }, [keyword, filtered]);

  const byKey = useMemo(() => {
    const map = new Map<string, TreeNode>();
    const walk = (list: readonly TreeNode[]) => {
      for (const node of list) {
        map.set(node.key, node);
        walk(node.sublist);
      }
    };
    walk(nodes);
    return map;
  }, [nodes]);

  const toData = (list: readonly TreeNode[]): TreeDataNode[] =>
    list.map((node) => ({
      key: node.key,
      selectable: node.prmType >= 0,
      title: (
        <span className="sl-tree-title" data-testid={`${testId}-node-${node.key}`}>
          <span className={node.prmType < 0 ? 'sl-tree-unselectable' : undefined}>{node.name}</span>
          {renderExtra?.(node)}
        </span>
      ),
      children: node.sublist.length ? toData(node.sublist) : undefined,
    }));

  return (
    <div className="sl-searchable-tree" data-testid={testId}>
      <Input.Search
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('common:searchTree')}
        data-testid={`${testId}-search`}
        style={{ marginBottom: 8 }}
      />
      {filtered.nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:noMatch')} />
      ) : (
        <Tree
          blockNode
          treeData={toData(filtered.nodes)}
          selectedKeys={selectedKey ? [selectedKey] : []}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setExpandedKeys(keys.map(String))}
          onSelect={(_keys, info) => {
            const node = byKey.get(String(info.node.key));
            if (node && node.prmType >= 0) onSelect(node);
          }}
          height={height}
        />
      )}
    </div>
  );
}
