import { NO_CUSTOMER, type PermissionMap } from '@storelens/contracts';
import { runSignOutCleanups } from '../../shared/lib/signOutCleanups.ts';
import type { PreloadNeed } from '../../shared/routing/types.ts';
import { fetchCameraTree, fetchOrgTree, fetchPermissionMap, fetchShopTree, selectCustomer, signOut } from './api.ts';
import { useSessionStore } from './state/sessionStore.ts';

/** How long a fetched permission map is trusted before the guard asks again. */
export const PERMISSION_MAP_MAX_AGE_MS = 60_000;

/** Selects a customer on the server and in the tab (sign-in, picker, switcher). */
export async function chooseCustomer(cid: string): Promise<void> {
  const selection = await selectCustomer(cid);
  useSessionStore.getState().applyCustomerSelection(selection);
}

/** After a reload only the customer code survives; the role and customer details come back from the server. */
export async function restoreCustomerSession(): Promise<void> {
  const { cid } = useSessionStore.getState();
  if (!cid) throw new Error('No customer to restore');
  await chooseCustomer(cid);
}

/** Loads the permission map unless the customer code is missing or -1 (spec section 6). */
export async function ensurePermissionMap(now: number = Date.now()): Promise<Partial<PermissionMap> | null> {
  const { cid, permissionMap, permissionLoadedAt } = useSessionStore.getState();
  if (!cid || cid === NO_CUSTOMER) return null;
  if (permissionMap && permissionLoadedAt !== null && now - permissionLoadedAt < PERMISSION_MAP_MAX_AGE_MS) return permissionMap;
  const map = await fetchPermissionMap();
  // The customer may have changed while the request was in flight; that customer's map is not ours.
  if (useSessionStore.getState().cid === cid) useSessionStore.getState().setPermissionMap(map);
  return map;
}

const treeLoaders: Record<PreloadNeed, () => Promise<void>> = {
  shopTree: async () => {
    if (!useSessionStore.getState().shopTree) useSessionStore.getState().setShopTree(await fetchShopTree('all'));
  },
  cameraTree: async () => {
    if (!useSessionStore.getState().cameraTree) useSessionStore.getState().setCameraTree(await fetchCameraTree());
  },
  orgTree: async () => {
    if (!useSessionStore.getState().orgTree) useSessionStore.getState().setOrgTree(await fetchOrgTree());
  },
};

/**
 * Loads in flight, per tree and customer: the route's preload and a page's own hook ask at the same
 * moment, and a second answer would replace the tree under an open picker.
 */
const treesInFlight = new Map<string, Promise<void>>();

/** A route's data preload: the trees its page needs, fetched once per customer. */
export async function preloadTrees(needs: readonly PreloadNeed[]): Promise<void> {
  const { cid } = useSessionStore.getState();
  await Promise.all(
    needs.map((need) => {
      const id = `${cid ?? ''}|${need}`;
      const running = treesInFlight.get(id);
      if (running) return running;
      const load = treeLoaders[need]().finally(() => treesInFlight.delete(id));
      treesInFlight.set(id, load);
      return load;
    }),
  );
}

/** Ends the session on the server (best effort) and forgets the user in the tab. */
export async function endSession(): Promise<void> {
  const userId = useSessionStore.getState().uid;
  try {
    await signOut();
  } catch {
    // Signing out locally matters more than the server hearing about it; its session expires anyway.
  }
  useSessionStore.getState().logout();
  // A shared phone keeps no copy of what this user read offline (their unsent work stays: docs/decisions/inspection.md).
  await runSignOutCleanups(userId);
}
