import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import { readRememberedSelection, selectableShops, selectionStorageKey } from './shopSelection.ts';
import type { ShopSelection } from './useShopSelection.ts';

/**
 * Ranking, comparison and four quadrants compare shops with each other, so where the user has
 * not chosen shops for the page yet they start with every shop they may see, not with the
 * session's default of one shop. Once chosen (or on a later visit) the remembered choice rules.
 * Answers whether the selection is still about to change, so the page does not ask the server
 * about the one-shop default first.
 */
export function useAllShopsByDefault(shops: ShopSelection): { settling: boolean } {
  const { pathname } = useLocation();
  const uid = useSessionStore((state) => state.uid);
  const cid = useSessionStore((state) => state.cid);
  const storageKey = uid && cid ? selectionStorageKey(uid, cid, pathname) : null;
  const unchosen = shops.tree !== null && storageKey !== null && readRememberedSelection(localStorage, storageKey) === null;
  const { tree, hideClosed, setShopIds } = shops;

  useEffect(() => {
    if (unchosen && tree) setShopIds(selectableShops(tree, hideClosed).map((shop) => shop.shopId));
  }, [unchosen, tree, hideClosed, setShopIds]);

  return { settling: unchosen };
}
