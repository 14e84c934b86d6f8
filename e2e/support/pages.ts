/** A page the app has built, as the route registry declares it. */
export interface BuiltPage {
  path: string;
  titleKey: string;
  layout: string;
}

interface RegistryModule {
  appRegistry: { routes: readonly { path: string; layout: string; page?: unknown; meta: { titleKey: string } }[] };
}

// Loaded by path at run time: the registry is the web app's source (JSX, its own compiler
// settings), which this workspace's type check must not walk into. Vitest transforms it.
const REGISTRY = new URL('../../apps/web/src/app/routes.ts', import.meta.url).pathname;

/** Every route with a page of its own, from the web app's route registry (app/routes.ts, features/*\/routes.tsx). */
export async function builtPages(): Promise<BuiltPage[]> {
  const { appRegistry } = (await import(/* @vite-ignore */ REGISTRY)) as RegistryModule;
  return appRegistry.routes.filter((route) => route.page).map((route) => ({ path: route.path, titleKey: route.meta.titleKey, layout: route.layout }));
}
