import type { DB } from '../db/database.ts';
import { nowIso } from '../time/clock.ts';
import { publishRealtime } from './publish.ts';

/** A shop's dashboard event at most this often (per process); a change inside the window is published when it ends. */
export const SHOP_SIGNAL_WINDOW_MS = 1000;

/**
 * Tells open dashboards that a shop's data changed (the device API calls it after a batch
 * commits), throttled per shop: the first change is published at once, later ones within the
 * window become one event at its end, so the last change is never lost and a box posting every
 * second does not make an event per batch. The throttle is per process; two processes ingesting
 * for one shop publish at most twice per window, which the dashboards coalesce again.
 */
export function createShopDataSignal(deps: { db: DB; windowMs?: number; log?: (message: string, error: unknown) => void }) {
  const windowMs = deps.windowMs ?? SHOP_SIGNAL_WINDOW_MS;
  const shops = new Map<string, { lastAt: number; timer: NodeJS.Timeout | null }>();
  const publish = (customerId: string, shopId: string) =>
    publishRealtime(deps.db, customerId, [{ type: 'dashboard', shopId, data: { shopId, at: nowIso() } }]).catch((error: unknown) =>
      deps.log?.('real-time dashboard event not published', error),
    );
  return {
    changed(customerId: string, shopId: string): void {
      const key = `${customerId}\u0000${shopId}`;
      const at = Date.now();
      const state = shops.get(key);
      if (!state || (at - state.lastAt >= windowMs && !state.timer)) {
        shops.set(key, { lastAt: at, timer: null });
        void publish(customerId, shopId);
        return;
      }
      if (state.timer) return;
      state.timer = setTimeout(
        () => {
          state.timer = null;
          state.lastAt = Date.now();
          void publish(customerId, shopId);
        },
        Math.max(0, state.lastAt + windowMs - at),
      );
      state.timer.unref();
    },
    /** Shops with an event waiting for the end of their window (tests). */
    waiting: () => [...shops.values()].filter((state) => state.timer !== null).length,
    /** Drops the waiting trailing events (the process is stopping). */
    stop(): void {
      for (const state of shops.values()) if (state.timer) clearTimeout(state.timer);
      shops.clear();
    },
  };
}
export type ShopDataSignal = ReturnType<typeof createShopDataSignal>;
