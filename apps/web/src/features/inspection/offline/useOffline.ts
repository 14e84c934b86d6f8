import { useEffect, useState } from 'react';
import { fetchPermissionMap } from '../../session/api.ts';
import { restoreCustomerSession } from '../../session/sessionActions.ts';

/** The service worker's file (apps/web/public) and the only pages it controls. */
export const INSPECTION_WORKER_URL = '/inspection-sw.js';
export const INSPECTION_WORKER_SCOPE = '/myTodo/siteInspection';

/** Whether the browser says it is connected, kept current by its online and offline events. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** The same-origin scripts, styles and fonts this page has loaded: the worker keeps them for an offline reload. */
function loadedAssets(): string[] {
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const urls = entries.map((entry) => entry.name).filter((url) => url.startsWith(`${location.origin}/assets/`));
  return [...new Set(urls)];
}

/** Resolves once a service worker controls this page (at once when one already did at load). */
function controlled(): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
}

/**
 * The reads a reload makes before the page shows (the guard's customer restore and permission
 * map), made again through the worker now controlling the page, so it has them for an offline
 * reload: a page first opened before the worker existed made them straight to the network.
 */
async function warmUp(): Promise<boolean> {
  await controlled();
  try {
    await Promise.all([restoreCustomerSession(), fetchPermissionMap()]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Registers the on-site inspection's service worker (production builds only: the dev server's
 * modules are not hashed assets) and asks it to keep what this page loaded. True once the app shell
 * and the page's code are kept, so a reload without a connection shows the page.
 */
export function useOfflineReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const onMessage = (event: MessageEvent<{ type?: string; ready?: boolean }>) => {
      if (event.data?.type !== 'kept' || !event.data.ready) return;
      void warmUp().then((warm) => {
        if (!cancelled) setReady(warm);
      });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    navigator.serviceWorker
      .register(INSPECTION_WORKER_URL, { scope: INSPECTION_WORKER_SCOPE })
      .then(async (registration) => {
        const worker = registration.active ?? (await navigator.serviceWorker.ready.then((ready) => ready.active));
        worker?.postMessage({ type: 'keep', urls: loadedAssets() });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      navigator.serviceWorker.removeEventListener('message', onMessage);
    };
  }, []);
  return ready;
}
