import type { TreeNode } from '@storelens/contracts';
import { walkTree } from '../lib/trees.ts';

/**
 * The shop selection of an analytics page (spec section 2: each path remembers its own
 * selection; an option hides closed shops). Remembered in localStorage per user, customer and
 * path, so it survives a reload and never leaks to another user or customer.
 */

export type ShopSelectionMode = 'single' | 'multiple';

export interface RememberedSelection {
  shopIds: string[];
  hideClosed: boolean;
}

export const SHOP_SELECTION_STORAGE_PREFIX = 'storelens.analytics.shops';

export function selectionStorageKey(uid: string, cid: string, path: string): string {
  return `${SHOP_SELECTION_STORAGE_PREFIX}:${uid}:${cid}:${path}`;
}

/** The remembered selection, or null when there is none or what is stored is not one (an older format, a hand edit). */
export function readRememberedSelection(storage: Pick<Storage, 'getItem'>, key: string): RememberedSelection | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { shopIds, hideClosed } = parsed as Record<string, unknown>;
  if (!Array.isArray(shopIds) || !shopIds.every((id) => typeof id === 'string')) return null;
  return { shopIds, hideClosed: hideClosed === true };
}

export function writeRememberedSelection(storage: Pick<Storage, 'setItem'>, key: string, selection: RememberedSelection): void {
  try {
    storage.setItem(key, JSON.stringify(selection));
  } catch {
    // A full or blocked storage only costs the memory of the selection, not the page.
  }
}

/** A shop the user may pick: a shop node (orgType 1) with an id and not an out-of-scope placeholder. */
export function isSelectableShop(node: TreeNode): node is TreeNode & { shopId: string } {
  return node.orgType === 1 && Boolean(node.shopId) && node.prmType >= 0;
}

/** Every selectable shop of a tree, in tree order. */
export function selectableShops(nodes: readonly TreeNode[], hideClosed = false): (TreeNode & { shopId: string })[] {
  const shops: (TreeNode & { shopId: string })[] = [];
  walkTree(nodes, (node) => {
    if (isSelectableShop(node) && !(hideClosed && node.isClosed)) shops.push(node);
  });
  return shops;
}

/** The tree without closed shops, and without organisations left with no shop below them. */
export function withoutClosedShops(nodes: readonly TreeNode[]): TreeNode[] {
  const shopCount = (list: readonly TreeNode[]) => {
    let count = 0;
    walkTree(list, (node) => {
      if (node.orgType === 1) count += 1;
    });
    return count;
  };
  return nodes.flatMap((node) => {
    if (node.orgType === 1) return node.isClosed ? [] : [node];
    const sublist = withoutClosedShops(node.sublist);
    // An organisation that held only closed shops goes too; one that never held a shop stays.
    return shopCount(node.sublist) > 0 && shopCount(sublist) === 0 ? [] : [{ ...node, sublist }];
  });
}

/**
 * A selection made valid for the tree as it is now: shops that are gone, out of scope or hidden
 * as closed are dropped, a single selection keeps one shop, and a single selection left empty
 * takes the first shop (a single-shop page always shows a shop).
 */
export function reconcileSelection(shopIds: readonly string[], nodes: readonly TreeNode[], mode: ShopSelectionMode, hideClosed: boolean): string[] {
  const available = selectableShops(nodes, hideClosed).map((shop) => shop.shopId);
  const allowed = new Set(available);
  const kept = [...new Set(shopIds)].filter((id) => allowed.has(id));
  if (mode === 'multiple') return kept;
  const first = kept[0] ?? available[0];
  return first ? [first] : [];
}

/** Shop ids of tree keys (the session's default selection is kept as tree keys). */
export function shopIdsOfKeys(keys: readonly string[], nodes: readonly TreeNode[]): string[] {
  const byKey = new Map<string, string>();
  walkTree(nodes, (node) => {
    if (node.orgType === 1 && node.shopId) byKey.set(node.key, node.shopId);
  });
  return keys.flatMap((key) => {
    const id = byKey.get(key);
    return id ? [id] : [];
  });
}

export function keysOfShopIds(shopIds: readonly string[], nodes: readonly TreeNode[]): string[] {
  const wanted = new Set(shopIds);
  const keys: string[] = [];
  walkTree(nodes, (node) => {
    if (node.orgType === 1 && node.shopId && wanted.has(node.shopId)) keys.push(node.key);
  });
  return keys;
}
