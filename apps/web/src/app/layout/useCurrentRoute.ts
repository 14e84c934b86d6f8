import { useLocation } from 'react-router';
import type { AppRoute, SectionId } from '../../shared/routing/types.ts';
import { appRegistry } from '../routes.ts';

/** The registered route of the current page, and the section it belongs to (its parent's, if it has none). */
export function useCurrentRoute(): { route: AppRoute | undefined; section: SectionId | undefined; menuKey: string } {
  const { pathname } = useLocation();
  const route = appRegistry.find(pathname);
  const parent = route?.meta.parent ? appRegistry.find(route.meta.parent) : undefined;
  return {
    route,
    section: route?.meta.section ?? parent?.meta.section,
    // Hidden pages (add, edit, detail) highlight their parent's menu entry.
    menuKey: route?.meta.parent ?? route?.path ?? pathname,
  };
}
