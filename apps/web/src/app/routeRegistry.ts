import { OBSERVER_BARRED_ROUTES, RoleId, SUPER_MANAGER_ONLY_ROUTES } from '@storelens/contracts';
import type { AppRoute, SectionId } from '../shared/routing/types.ts';
import { TAB_SECTIONS, type TabSection } from './sections.ts';

/**
 * The route registry: every feature's routes.tsx contributes AppRoutes; this module checks them,
 * applies the spec's role rules by path, and answers the questions the guard, the menus and the
 * breadcrumb ask ("does this page exist?", "which sections have pages?").
 */

function union(list: readonly number[] | undefined, extra: number): readonly number[] {
  return list?.includes(extra) ? list : [...(list ?? []), extra];
}

/**
 * Role rules of spec section 6 are attached by path, so they hold for pages that later issues add:
 * the observer is barred from OBSERVER_BARRED_ROUTES, only the super manager opens the store-plan tools.
 */
export function withRoleRules(route: AppRoute): AppRoute {
  let { allowRoles, barRoles } = route.meta;
  if ((OBSERVER_BARRED_ROUTES as readonly string[]).includes(route.path)) barRoles = union(barRoles, RoleId.observer);
  if ((SUPER_MANAGER_ONLY_ROUTES as readonly string[]).includes(route.path)) {
    allowRoles = allowRoles ? allowRoles.filter((rid) => rid === RoleId.superManager) : [RoleId.superManager];
  }
  if (allowRoles === route.meta.allowRoles && barRoles === route.meta.barRoles) return route;
  return { ...route, meta: { ...route.meta, ...(allowRoles ? { allowRoles } : {}), ...(barRoles ? { barRoles } : {}) } };
}

export function normalisePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed || '/';
}

export function assembleRoutes(groups: readonly (readonly AppRoute[])[]): readonly AppRoute[] {
  const seen = new Set<string>();
  const routes: AppRoute[] = [];
  for (const route of groups.flat()) {
    const path = normalisePath(route.path);
    if (!path.startsWith('/')) throw new Error(`Route path must be absolute: ${route.path}`);
    if (seen.has(path)) throw new Error(`Route registered twice: ${path}`);
    if (!route.page && !route.redirectTo && !route.index) throw new Error(`Route has neither a page nor a redirect: ${path}`);
    seen.add(path);
    routes.push(withRoleRules({ ...route, path }));
  }
  return routes;
}

export interface RouteRegistry {
  routes: readonly AppRoute[];
  find(path: string): AppRoute | undefined;
  /** A page exists at `path` (a redirect route only counts when its target has a page). */
  hasPage(path: string): boolean;
  /** Tab sections whose target page exists, in tab order. */
  sectionsWithPages(): readonly TabSection[];
  /** Pages listed in the side menu of `section`. */
  menuRoutes(section: SectionId): readonly AppRoute[];
  /** The first settings page, if any exists (the user menu shows 'Settings' only then). */
  firstSettingsPage(): AppRoute | undefined;
}

export function createRouteRegistry(routes: readonly AppRoute[]): RouteRegistry {
  const byPath = new Map(routes.map((route) => [route.path, route]));
  const find = (path: string) => byPath.get(normalisePath(path));
  const hasPage = (path: string, depth = 0): boolean => {
    const route = find(path);
    if (!route || depth > 5) return false;
    if (route.page) return true;
    return route.redirectTo ? hasPage(route.redirectTo, depth + 1) : false;
  };
  return {
    routes,
    find,
    hasPage: (path) => hasPage(path),
    // A tab goes to its section's target (spec section 2); while that page is not built yet
    // (/AIInspection/alarmMessage), to the section's first menu page instead.
    sectionsWithPages: () =>
      TAB_SECTIONS.flatMap((section) => {
        if (hasPage(section.target)) return [section];
        const first = routes.find((route) => route.page && route.meta.section === section.id && !route.meta.hideInMenu);
        return first ? [{ ...section, target: first.path }] : [];
      }),
    menuRoutes: (section) => routes.filter((route) => route.page && route.meta.section === section && !route.meta.hideInMenu),
    firstSettingsPage: () => routes.find((route) => route.page && route.meta.section === 'settings' && !route.meta.hideInMenu),
  };
}
