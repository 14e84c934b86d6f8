import type { TreeNode } from '@storelens/contracts';

/**
 * Helpers over the organisation / shop trees of spec section 3 (org nodes orgType 0, shops 1).
 * Administration needs an organisation's id (org/add takes parentId, shop and user forms orgId);
 * tree nodes are keyed by org code, so the id is read from the node's `orgId`.
 */
export function orgIdOf(node: TreeNode): string | null {
  return node.orgType === 0 && node.orgId ? node.orgId : null;
}

export function walkTree(nodes: readonly TreeNode[], visit: (node: TreeNode, parent: TreeNode | null, depth: number) => void): void {
  const walk = (list: readonly TreeNode[], parent: TreeNode | null, depth: number) => {
    for (const node of list) {
      visit(node, parent, depth);
      walk(node.sublist, node, depth + 1);
    }
  };
  walk(nodes, null, 0);
}

export function findNode(nodes: readonly TreeNode[], key: string): TreeNode | null {
  let found: TreeNode | null = null;
  walkTree(nodes, (node) => {
    if (!found && node.key === key) found = node;
  });
  return found;
}

/** Organisations only (shops and cameras dropped), as the org tree and the org pickers show them. */
export function orgsOnly(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.filter((node) => node.orgType === 0).map((node) => ({ ...node, sublist: orgsOnly(node.sublist) }));
}

/**
 * The tree filtered by a search text (on keywordTxt, case-insensitive): a node stays when it or
 * anything below it matches; the keys of the kept nodes are returned to expand them.
 */
export function filterTree(nodes: readonly TreeNode[], text: string): { nodes: TreeNode[]; expandedKeys: string[] } {
  const needle = text.trim().toLowerCase();
  if (!needle) return { nodes: [...nodes], expandedKeys: [] };
  const expandedKeys: string[] = [];
  const filter = (list: readonly TreeNode[]): TreeNode[] =>
    list.flatMap((node) => {
      const children = filter(node.sublist);
      const matches = node.keywordTxt.toLowerCase().includes(needle) || node.name.toLowerCase().includes(needle);
      if (!matches && children.length === 0) return [];
      if (children.length > 0) expandedKeys.push(node.key);
      return [{ ...node, sublist: matches ? node.sublist : children }];
    });
  return { nodes: filter(nodes), expandedKeys };
}

/** Keys of the first levels, so a tree opens showing its regions and cities. */
export function keysToDepth(nodes: readonly TreeNode[], depth: number): string[] {
  const keys: string[] = [];
  walkTree(nodes, (node, _parent, level) => {
    if (level < depth && node.sublist.length > 0) keys.push(node.key);
  });
  return keys;
}
