import type { TreeNode } from '@storelens/contracts';

/** Depth-first, the first shop (orgType 1) the user may select (a negative prmType may not be). */
export function firstSelectableShopKey(nodes: readonly TreeNode[]): string | null {
  for (const node of nodes) {
    if (node.orgType === 1 && node.prmType >= 0 && !node.isClosed) return node.key;
    const inChildren = firstSelectableShopKey(node.sublist);
    if (inChildren) return inChildren;
  }
  return null;
}
