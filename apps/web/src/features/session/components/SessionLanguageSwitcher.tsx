import { LanguageSwitcher } from '../../../shared/ui/public/LanguageSwitcher.tsx';
import { useSessionStore } from '../state/sessionStore.ts';

/** The public pages' language switcher, bound to the session's (persisted) language. */
export function SessionLanguageSwitcher() {
  const locale = useSessionStore((state) => state.locale);
  const setLocale = useSessionStore((state) => state.setLocale);
  return <LanguageSwitcher value={locale} onChange={setLocale} />;
}
