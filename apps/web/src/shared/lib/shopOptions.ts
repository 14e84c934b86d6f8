import type { TreeNode } from '@storelens/contracts';
import { isSelectableShop } from '../analytics/shopSelection.ts';
import { walkTree } from './trees.ts';

/** The shops of a shop tree as select options (name and number), in tree order. */
export function shopOptionsOf(tree: readonly TreeNode[] | null): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = [];
  walkTree(tree ?? [], (node) => {
    if (isSelectableShop(node)) options.push({ value: node.shopId, label: node.name });
  });
  return options;
}
