import { Activity, type ReactNode, useRef } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import { appRegistry } from '../routes.ts';

const KEPT_PAGES_MAX = 8;

/**
 * Pages whose route says keepAlive (lists users come back to) stay mounted but hidden when the
 * user navigates away, so filters and scroll survive; React's <Activity> keeps their state. Every
 * other page renders as a plain outlet. The cache belongs to one customer.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const cid = useSessionStore((state) => state.cid);
  const cache = useRef({ cid, pages: new Map<string, ReactNode>() });
  if (cache.current.cid !== cid) cache.current = { cid, pages: new Map() };

  const pages = cache.current.pages;
  const keepAlive = appRegistry.find(pathname)?.meta.keepAlive === true;
  if (keepAlive && outlet) {
    pages.delete(pathname);
    pages.set(pathname, outlet);
    while (pages.size > KEPT_PAGES_MAX) {
      const oldest = pages.keys().next().value;
      if (oldest === undefined) break;
      pages.delete(oldest);
    }
  }

  return (
    <>
      {[...pages].map(([path, element]) => (
        <Activity key={path} mode={path === pathname ? 'visible' : 'hidden'}>
          {element}
        </Activity>
      ))}
      {!keepAlive && outlet}
    </>
  );
}
