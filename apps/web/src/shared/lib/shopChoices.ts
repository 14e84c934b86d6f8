import type { TreeNode } from '@storelens/contracts';

export interface ShopChoice {
  value: string;
  label: string;
  timeZone: string | null;
}

/** The stores of the shop tree a person may choose (not closed, not outside their scope), in tree order. */
export function shopChoicesOf(tree: readonly TreeNode[] | null): ShopChoice[] {
  const found: ShopChoice[] = [];
  const visit = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      if (node.orgType === 1 && node.shopId && node.prmType >= 0 && !node.isClosed)
        found.push({ value: node.shopId, label: node.name, timeZone: node.timeZone ?? null });
      visit(node.sublist);
    }
  };
  visit(tree ?? []);
  return found;
}

/** The cameras of one store in the camera tree, as options. */
export function cameraChoicesOfShop(tree: readonly TreeNode[] | null, shopId: string | undefined): { value: string; label: string }[] {
  if (!shopId) return [];
  const found: { value: string; label: string }[] = [];
  const visit = (nodes: readonly TreeNode[], inShop: boolean) => {
    for (const node of nodes) {
      const here = inShop || (node.orgType === 1 && node.shopId === shopId);
      if (here && node.orgType === 2 && node.cameraId) found.push({ value: node.cameraId, label: node.name });
      visit([...(node.cameraList ?? []), ...node.sublist], here);
    }
  };
  visit(tree ?? [], false);
  return found;
}
