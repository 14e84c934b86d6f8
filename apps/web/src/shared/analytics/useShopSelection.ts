import type { TreeNode } from '@storelens/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { preloadTrees } from '../../features/session/sessionActions.ts';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import {
  keysOfShopIds,
  type RememberedSelection,
  readRememberedSelection,
  reconcileSelection,
  type ShopSelectionMode,
  selectableShops,
  selectionStorageKey,
  shopIdsOfKeys,
  writeRememberedSelection,
} from './shopSelection.ts';

export interface ShopSelection {
  mode: ShopSelectionMode;
  /** The customer's shop tree (the route's preload); null while it loads. */
  tree: TreeNode[] | null;
  /** The selected shops, valid for the tree (empty until the tree is there, or when the user cleared it). */
  shopIds: string[];
  setShopIds(shopIds: string[]): void;
  hideClosed: boolean;
  setHideClosed(hideClosed: boolean): void;
  /** Names of the selected shops, in tree order. */
  shopNames: string[];
  /** The time zones of the selected shops (distinct): their calendars decide a page's "today". */
  timeZones: string[];
  /** Selectable shops under the current closed-shop option. */
  availableCount: number;
  /** The tree has loaded and at least one shop is selected: pages query only then. */
  ready: boolean;
}

/**
 * The shop selection of the current path (spec section 2): remembered per user, customer and path
 * in localStorage, otherwise the session's default selection for the path (the first shop), kept
 * valid against the tree (gone, out-of-scope or hidden closed shops drop out).
 */
export function useShopSelection(mode: ShopSelectionMode): ShopSelection {
  const { pathname } = useLocation();
  const uid = useSessionStore((state) => state.uid);
  const cid = useSessionStore((state) => state.cid);
  const tree = useSessionStore((state) => state.shopTree);
  const defaultKeys = useSessionStore((state) => state.shopSelectionByPath[pathname]);
  const storageKey = uid && cid ? selectionStorageKey(uid, cid, pathname) : null;

  const [remembered, setRemembered] = useState<RememberedSelection | null>(() => (storageKey ? readRememberedSelection(localStorage, storageKey) : null));
  // Another path or customer: that one's memory.
  const [loadedKey, setLoadedKey] = useState(storageKey);
  if (loadedKey !== storageKey) {
    setLoadedKey(storageKey);
    setRemembered(storageKey ? readRememberedSelection(localStorage, storageKey) : null);
  }

  // Pages declare the shop tree as their preload; this covers a page reached without it.
  useEffect(() => {
    if (!tree && cid) void preloadTrees(['shopTree']).catch(() => undefined);
  }, [tree, cid]);

  const hideClosed = remembered?.hideClosed ?? false;
  const wanted = useMemo(() => remembered?.shopIds ?? (tree && defaultKeys ? shopIdsOfKeys(defaultKeys, tree) : []), [remembered, tree, defaultKeys]);
  const shopIds = useMemo(() => (tree ? reconcileSelection(wanted, tree, mode, hideClosed) : []), [wanted, tree, mode, hideClosed]);
  const shops = useMemo(() => (tree ? selectableShops(tree, hideClosed) : []), [tree, hideClosed]);
  const chosenShops = useMemo(() => {
    const chosen = new Set(shopIds);
    return shops.filter((shop) => chosen.has(shop.shopId));
  }, [shops, shopIds]);
  const shopNames = useMemo(() => chosenShops.map((shop) => shop.name), [chosenShops]);
  const timeZones = useMemo(() => [...new Set(chosenShops.flatMap((shop) => (shop.timeZone ? [shop.timeZone] : [])))], [chosenShops]);

  const remember = useCallback(
    (next: RememberedSelection) => {
      setRemembered(next);
      if (!storageKey) return;
      writeRememberedSelection(localStorage, storageKey, next);
      // The session's per-path selection follows, for anything else that reads it.
      const { shopTree, setShopSelection } = useSessionStore.getState();
      if (shopTree) setShopSelection(pathname, keysOfShopIds(next.shopIds, shopTree));
    },
    [storageKey, pathname],
  );

  const setShopIds = useCallback((next: string[]) => remember({ shopIds: next, hideClosed }), [remember, hideClosed]);
  const setHideClosed = useCallback(
    (next: boolean) => remember({ shopIds: tree ? reconcileSelection(shopIds, tree, mode, next) : shopIds, hideClosed: next }),
    [remember, tree, shopIds, mode],
  );

  return {
    mode,
    tree,
    shopIds,
    setShopIds,
    hideClosed,
    setHideClosed,
    shopNames,
    timeZones,
    availableCount: shops.length,
    ready: tree !== null && shopIds.length > 0,
  };
}
