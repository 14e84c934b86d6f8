import type { TreeNode } from '@storelens/contracts';

export interface StoreChoice {
  value: string;
  label: string;
}

/**
 * The shop tree's hygienic variant as choices: stores still operating (open or temporarily
 * closed) that the caller may use, in tree order. Hygiene logs are kept for those only.
 */
export function hygienicStores(tree: readonly TreeNode[] | null): StoreChoice[] {
  const found: StoreChoice[] = [];
  const visit = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      if (node.orgType === 1 && node.shopId && node.prmType >= 0 && !node.isClosed) found.push({ value: node.shopId, label: node.name });
      visit(node.sublist);
    }
  };
  visit(tree ?? []);
  return found;
}

/** A share 0..1 as a whole percentage; null (nothing to measure) as a dash. */
export const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);
