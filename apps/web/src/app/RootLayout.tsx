import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useSessionStore } from '../features/session/state/sessionStore.ts';
import { localeFromSearch } from '../shared/i18n/i18n.ts';
import { confirmModal } from '../shared/lib/confirmModal.ts';
import { closeOpenModals } from '../shared/lib/feedback.ts';
import { PRODUCT_NAME } from '../shared/ui/BrandMark.tsx';
import { ProgressBar } from '../shared/ui/ProgressBar.tsx';
import { appRegistry } from './routes.ts';

/** After each navigation (spec section 2): record, default selection, close modals, scroll up. */
function useAfterNavigation(pathname: string): void {
  useEffect(() => {
    const session = useSessionStore.getState();
    session.recordPath(pathname);
    closeOpenModals();
    confirmModal.dismiss();
    window.scrollTo(0, 0);
  }, [pathname]);
  // The default selection needs the shop tree, and a customer switch replaces the tree (and
  // forgets the selections) without changing the path when the switch lands on the page it left
  // (/dashboard -> / -> /dashboard): apply it again whenever the path or the tree changes.
  const shopTree = useSessionStore((state) => state.shopTree);
  useEffect(() => {
    if (shopTree) useSessionStore.getState().applyDefaultShopSelection(pathname);
  }, [pathname, shopTree]);
}

/** `?lang=` on any URL selects the language; the parameter is then dropped from the address. */
function useLanguageParameter(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const setLocale = useSessionStore((state) => state.setLocale);
  useEffect(() => {
    const locale = localeFromSearch(location.search);
    if (!locale) return;
    setLocale(locale);
    const params = new URLSearchParams(location.search);
    params.delete('lang');
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, state: location.state });
  }, [location, navigate, setLocale]);
}

function useDocumentTitle(pathname: string): void {
  // `t` changes with the language, so the title follows a language switch too.
  const { t } = useTranslation();
  useEffect(() => {
    const route = appRegistry.find(pathname);
    document.title = route ? `${t(route.meta.titleKey)} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [pathname, t]);
}

export function RootLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useAfterNavigation(pathname);
  useLanguageParameter();
  useDocumentTitle(pathname);
  return (
    <>
      <ProgressBar active={navigation.state !== 'idle'} />
      <Outlet />
    </>
  );
}

/** Shown while the first page's guard and chunk load. */
export function RootHydrateFallback() {
  return <ProgressBar active />;
}
