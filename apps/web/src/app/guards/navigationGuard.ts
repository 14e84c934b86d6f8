import { type PermissionKey, type PermissionMap, RoleId } from '@storelens/contracts';
import { CUSTOMER_PICKER_PATH } from '../../features/session/afterSignIn.ts';
import { resolvePermission } from '../../features/session/permissions.ts';
import type { AppRoute, PreloadNeed, RouteAccess } from '../../shared/routing/types.ts';
import type { RouteRegistry } from '../routeRegistry.ts';
import { FALLBACK_HOME, type TabSection } from '../sections.ts';

/**
 * The navigation guard of spec section 4, as pure decisions plus one orchestrating function whose
 * side effects (fetching, logging out) come in as dependencies, so every rule is unit-tested.
 */

export interface GuardedRoute {
  path: string;
  access: RouteAccess;
  index?: boolean;
  allowRoles?: readonly number[];
  barRoles?: readonly number[];
  permission?: PermissionKey;
  /** Further keys that must not be hidden (a settings group's config-page flag). */
  requires?: readonly PermissionKey[];
  preload?: readonly PreloadNeed[];
}

export interface GuardSession {
  signedIn: boolean;
  /** The tab's customer code; null or '-1' when none is selected. */
  customerCode: string | null;
  rid: number | null;
}

export type GuardDecision = { kind: 'proceed' } | { kind: 'redirect'; to: string; reason: 'unauthenticated' | 'noCustomer' | 'forbidden' | 'index' };

export const LOGIN_PATH = '/login';
export const FORBIDDEN_PATH = '/403';

/**
 * unauthorised: the session is gone (sign in again); refused: the server answered, but not with
 * this customer (pick another); anything else (network, timeout) is not the user's doing.
 */
export type GuardFailure = 'unauthorised' | 'refused' | 'other';

const proceed: GuardDecision = { kind: 'proceed' };

/**
 * No signed-in user on a non-public path: to /login. A signed-in user with no customer chosen
 * (missing or -1) on a customer's page: to the customer picker, which continues to the page (an
 * operator of two customers following a link is signed in already: asking for the password again
 * would only send them to the picker after it).
 */
export function decideAuthentication(route: GuardedRoute, session: GuardSession): GuardDecision {
  if (route.access === 'public') return proceed;
  if (!session.signedIn) return { kind: 'redirect', to: LOGIN_PATH, reason: 'unauthenticated' };
  const hasCustomer = Boolean(session.customerCode) && session.customerCode !== '-1';
  if (route.access === 'customer' && !hasCustomer) return { kind: 'redirect', to: CUSTOMER_PICKER_PATH, reason: 'noCustomer' };
  return proceed;
}

/**
 * Role lists: rid 0 goes to /403 on any route that has an allowed or barred list; an allowed list
 * admits only the listed roles; a barred list excludes the listed ones.
 */
export function decideRoleAccess(route: GuardedRoute, rid: number | null): GuardDecision {
  const forbidden: GuardDecision = { kind: 'redirect', to: FORBIDDEN_PATH, reason: 'forbidden' };
  const hasAllowList = route.allowRoles !== undefined;
  const hasBarList = route.barRoles !== undefined;
  if (!hasAllowList && !hasBarList) return proceed;
  if (rid === null || rid === RoleId.superLevel) return forbidden;
  if (hasAllowList && !route.allowRoles?.includes(rid)) return forbidden;
  if (hasBarList && route.barRoles?.includes(rid)) return forbidden;
  return proceed;
}

/** The keys a route is gated by: its own and the further ones it requires. */
export function routePermissionKeys(route: Pick<GuardedRoute, 'permission' | 'requires'>): PermissionKey[] {
  return [...(route.permission ? [route.permission] : []), ...(route.requires ?? [])];
}

/** A route gated by permission keys is closed when any of them is hidden (2) or missing. */
export function decidePermission(route: GuardedRoute, map: Partial<PermissionMap> | null): GuardDecision {
  const hidden = routePermissionKeys(route).some((key) => resolvePermission(map, key) === 'hidden');
  return hidden ? { kind: 'redirect', to: FORBIDDEN_PATH, reason: 'forbidden' } : proceed;
}

/**
 * The index route: the first section (tab order, traffic first) whose key is not 2 and whose pages
 * exist. With traffic open that is /dashboard, as the spec says; when no section qualifies, the
 * personal center, which every user has.
 */
export function resolveIndexTarget(map: Partial<PermissionMap> | null, sectionsWithPages: readonly TabSection[], pages?: SectionPages): string {
  const open = sectionsWithPages.find((section) => resolvePermission(map, section.permission) !== 'hidden');
  if (!open) return FALLBACK_HOME;
  return pages ? sectionEntry(open, map, pages) : open.target;
}

/** What sectionEntry needs of the route registry. */
export type SectionPages = Pick<RouteRegistry, 'find' | 'menuRoutes'>;

/**
 * Where a tab leads this user: its target (spec section 2) when they may open it; otherwise the
 * first page of its menu they may (a member of the extension services without the temperature
 * key lands on the hygiene logs, not on the forbidden page); otherwise the target, whose guard
 * then says why.
 */
export function sectionEntry(section: TabSection, map: Partial<PermissionMap> | null, pages: SectionPages): string {
  const opens = (route: AppRoute | undefined) =>
    route !== undefined && !routePermissionKeys(route.meta).some((key) => resolvePermission(map, key) === 'hidden');
  if (opens(pages.find(section.target))) return section.target;
  return pages.menuRoutes(section.id).find(opens)?.path ?? section.target;
}

export interface GuardDependencies {
  session(): GuardSession;
  /** Brings back the role and customer details after a reload (the customer code alone is persisted). */
  restoreCustomer(): Promise<void>;
  loadPermissionMap(): Promise<Partial<PermissionMap> | null>;
  classifyFailure(error: unknown): GuardFailure;
  logout(): void;
  /** Drops the tab's customer (kept signed in) so the user picks one again. */
  forgetCustomer(): void;
  preload(needs: readonly PreloadNeed[]): Promise<void>;
  sectionsWithPages(): readonly TabSection[];
  /** The routes, so the index can lead past a tab's target the user may not open. */
  pages?: SectionPages;
}

export async function runNavigationGuard(route: GuardedRoute, deps: GuardDependencies): Promise<GuardDecision> {
  const authentication = decideAuthentication(route, deps.session());
  if (authentication.kind === 'redirect' || route.access !== 'customer') return authentication;

  if (deps.session().rid === null) {
    try {
      await deps.restoreCustomer();
    } catch (error) {
      const failure = deps.classifyFailure(error);
      if (failure === 'unauthorised') {
        deps.logout();
        return { kind: 'redirect', to: LOGIN_PATH, reason: 'unauthenticated' };
      }
      if (failure === 'refused') {
        deps.forgetCustomer();
        return { kind: 'redirect', to: CUSTOMER_PICKER_PATH, reason: 'noCustomer' };
      }
      // A network failure is not a reason to sign anyone out: the error page offers a reload.
      throw error;
    }
  }

  const roles = decideRoleAccess(route, deps.session().rid);
  if (roles.kind === 'redirect') return roles;

  let map: Partial<PermissionMap> | null = null;
  try {
    map = await deps.loadPermissionMap();
  } catch (error) {
    // Spec section 4: an unauthorised answer logs the user out and navigation proceeds (the HTTP
    // client is already on its way to /login). Other failures leave the map empty: all hidden.
    if (deps.classifyFailure(error) === 'unauthorised') deps.logout();
  }

  if (route.index) return { kind: 'redirect', to: resolveIndexTarget(map, deps.sectionsWithPages(), deps.pages), reason: 'index' };

  const permission = decidePermission(route, map);
  if (permission.kind === 'redirect') return permission;

  if (route.preload?.length) {
    // A failed preload has already been reported by the HTTP client; the page shows what it has.
    await deps.preload(route.preload).catch(() => undefined);
  }
  return proceed;
}
