import { createBrowserRouter, Navigate, type RouteObject, redirect } from 'react-router';
import { reloadOnChunkFailure } from '../shared/lib/reloadOnChunkFailure.ts';
import type { AppRoute } from '../shared/routing/types.ts';
import { createGuardLoader } from './guards/guardLoader.ts';
import type { GuardDependencies } from './guards/navigationGuard.ts';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import { RootHydrateFallback, RootLayout } from './RootLayout.tsx';
import type { RouteRegistry } from './routeRegistry.ts';

function toRouteObject(route: AppRoute, dependencies: GuardDependencies): RouteObject {
  const { redirectTo } = route;
  return {
    path: route.path,
    // Spec paths carry their case (/AIInspection, /SOPmanage); the registry looks them up exactly.
    caseSensitive: true,
    loader: redirectTo ? () => redirect(redirectTo) : createGuardLoader(route, dependencies),
    ...(route.page ? { lazy: reloadOnChunkFailure(route.page) } : {}),
    // The loader redirects first; the element only keeps the router from matching an empty leaf.
    ...(redirectTo ? { element: <Navigate to={redirectTo} replace /> } : {}),
  };
}

/**
 * Public pages hang directly off the root; shell pages are children of one lazy layout route, so
 * antd arrives with the shell and never with /login.
 */
export function buildRouteObjects(registry: RouteRegistry, dependencies: GuardDependencies): RouteObject[] {
  const index = registry.routes.find((route) => route.index);
  const publicRoutes = registry.routes.filter((route) => route.layout === 'public' && !route.index);
  const shellRoutes = registry.routes.filter((route) => route.layout === 'shell' && !route.index);
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: RootHydrateFallback,
      children: [
        ...(index ? [{ index: true, loader: createGuardLoader(index, dependencies) }] : []),
        ...publicRoutes.map((route) => toRouteObject(route, dependencies)),
        {
          id: 'shell',
          // The shell brings the translations of the pages inside it (not fetched by /login).
          lazy: reloadOnChunkFailure(() =>
            Promise.all([import('./layout/AppShell.tsx'), import('../shared/i18n/shellNamespaces.ts').then((module) => module.loadShellNamespaces())]).then(
              ([module]) => ({ Component: module.AppShell }),
            ),
          ),
          children: shellRoutes.map((route) => toRouteObject(route, dependencies)),
        },
        {
          path: '*',
          lazy: reloadOnChunkFailure(() => import('./pages/NotFoundPage.tsx').then((module) => ({ Component: module.NotFoundPage }))),
        },
      ],
    },
  ];
}

export function createAppRouter(registry: RouteRegistry, dependencies: GuardDependencies) {
  return createBrowserRouter(buildRouteObjects(registry, dependencies));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
