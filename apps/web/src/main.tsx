import './shared/lib/zodCsp.ts';
import './shared/lib/documentPath.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { browserGuardDependencies } from './app/guards/guardLoader.ts';
import { wireHttpClient } from './app/httpWiring.ts';
import { queryClient } from './app/providers/queryClient.ts';
import { type AppRouter, createAppRouter } from './app/router.tsx';
import { appRegistry } from './app/routes.ts';
import { useSessionStore } from './features/session/state/sessionStore.ts';
import { applyLanguage, initI18n, localeFromSearch } from './shared/i18n/i18n.ts';
import './shared/ui/base.css';

async function start(): Promise<void> {
  // A ?lang= in the first URL wins over the stored choice, and becomes the stored choice.
  const urlLocale = localeFromSearch(window.location.search);
  if (urlLocale) useSessionStore.getState().setLocale(urlLocale);
  // The first page's code downloads while the translations load, not after them: one round trip
  // less before the first paint (docs/PERFORMANCE.md, web). The router's lazy load then finds the
  // module fetched; a failure here is left to the router (it reloads on a missing chunk).
  appRegistry
    .find(window.location.pathname)
    ?.page?.()
    .catch(() => undefined);
  await initI18n(useSessionStore.getState().locale);
  // The session store owns the language; i18next, <html lang> (and antd in the shell) follow it.
  useSessionStore.subscribe((state, previous) => {
    if (state.locale !== previous.locale) void applyLanguage(state.locale);
  });

  // The router is created after the client is wired, since its first guard already calls the API.
  let router: AppRouter | null = null;
  wireHttpClient((path) => void router?.navigate(path));
  router = createAppRouter(appRegistry, browserGuardDependencies(appRegistry));

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
