import { useSessionStore } from '../features/session/state/sessionStore.ts';
import { i18next, MESSAGES_NAMESPACE } from '../shared/i18n/i18n.ts';
import { lazyFeedback } from '../shared/lib/feedback.ts';
import { configureHttp } from '../shared/lib/http.ts';
import { queryClient } from './providers/queryClient.ts';

/**
 * Connects the HTTP client to the session, the router and the (lazily loaded) antd feedback. It
 * must run before the router is created: the router runs the first page's guard at once.
 */
export function wireHttpClient(navigate: (path: string) => void): void {
  configureHttp({
    getContext: () => {
      const { token, cid, locale } = useSessionStore.getState();
      return { token, customerCode: cid, locale };
    },
    translate: (key) => i18next.t(key, { ns: MESSAGES_NAMESPACE }),
    feedback: lazyFeedback,
    isOnLoginPage: () => window.location.pathname.startsWith('/login'),
    reloadPage: () => window.location.reload(),
    onSessionExpired: () => {
      useSessionStore.getState().logout();
      queryClient.clear();
    },
    goToLogin: () => navigate('/login'),
    onCustomerSwitched: (cid) => {
      // msg carries the session's current customer; without one the user picks again.
      if (cid) useSessionStore.getState().switchCustomer(cid);
      else useSessionStore.getState().clearCustomer();
    },
  });
}
