import { type LoaderFunction, redirect } from 'react-router';
import { CUSTOMER_PICKER_PATH } from '../../features/session/afterSignIn.ts';
import { ensurePermissionMap, preloadTrees, restoreCustomerSession } from '../../features/session/sessionActions.ts';
import { selectIsSignedIn, useSessionStore } from '../../features/session/state/sessionStore.ts';
import { applyLanguage } from '../../shared/i18n/i18n.ts';
import { hasStatus, isHttpError } from '../../shared/lib/http.ts';
import type { AppRoute } from '../../shared/routing/types.ts';
import type { RouteRegistry } from '../routeRegistry.ts';
import { type GuardDependencies, type GuardedRoute, LOGIN_PATH, runNavigationGuard } from './navigationGuard.ts';

/** The guard's side effects, bound to the session store and the session operations. */
export function browserGuardDependencies(registry: RouteRegistry): GuardDependencies {
  return {
    session: () => {
      const state = useSessionStore.getState();
      return { signedIn: selectIsSignedIn(state), customerCode: state.cid, rid: state.rid };
    },
    restoreCustomer: restoreCustomerSession,
    loadPermissionMap: () => ensurePermissionMap(),
    classifyFailure: (error) => {
      if (hasStatus(error, 'sessionExpired')) return 'unauthorised';
      return isHttpError(error) && error.kind === 'status' ? 'refused' : 'other';
    },
    logout: () => useSessionStore.getState().logout(),
    forgetCustomer: () => useSessionStore.getState().clearCustomer(),
    preload: preloadTrees,
    sectionsWithPages: () => registry.sectionsWithPages(),
    pages: registry,
  };
}

function toGuardedRoute(route: AppRoute): GuardedRoute {
  return {
    path: route.path,
    access: route.access,
    index: route.index,
    allowRoles: route.meta.allowRoles,
    barRoles: route.meta.barRoles,
    permission: route.meta.permission,
    requires: route.meta.requires,
    preload: route.meta.preload,
  };
}

/** Every page route's loader: the guard runs before the page renders (and before its data loads). */
export function createGuardLoader(route: AppRoute, dependencies: GuardDependencies): LoaderFunction {
  const guarded = toGuardedRoute(route);
  const { locale } = route.meta;
  return async ({ request }) => {
    if (locale) {
      // Loaded before the page renders, so it never flashes in the previous language.
      useSessionStore.getState().setLocale(locale);
      await applyLanguage(locale);
    }
    const decision = await runNavigationGuard(guarded, dependencies);
    if (decision.kind === 'redirect') {
      const url = new URL(request.url);
      // Signing in (or picking the customer) brings the user back where they were headed.
      const comeBack =
        (decision.to === LOGIN_PATH || decision.to === CUSTOMER_PICKER_PATH) && !route.index
          ? `?redirect=${encodeURIComponent(url.pathname + url.search)}`
          : '';
      throw redirect(decision.to + comeBack);
    }
    if (route.redirectTo) throw redirect(route.redirectTo);
    return null;
  };
}
