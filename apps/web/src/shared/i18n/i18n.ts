import { BCP47, isLocale, LOCALES, type Locale, MESSAGE_CATALOGUES, parseMessageRef } from '@storelens/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** One JSON per feature namespace under src/locales/<locale>/; `messages` comes from contracts. */
export const FEATURE_NAMESPACES = ['common', 'shell', 'auth', 'session', 'personal', 'legal'] as const;
export type FeatureNamespace = (typeof FEATURE_NAMESPACES)[number];
export const MESSAGES_NAMESPACE = 'messages';

/** Each language's own name, shown the same whatever the current language is. */
export const LANGUAGE_NAMES: Record<Locale, string> = { zh: '中文', en: 'English', kr: '한국어', jp: '日本語' };

type ResourceModule = { default: Record<string, unknown> };
// Lazy: only the current language is downloaded (this keeps /login inside its budget).
const resourceLoaders = import.meta.glob<ResourceModule>('../../locales/*/*.json');

async function loadResources(locale: Locale): Promise<void> {
  if (!i18next.hasResourceBundle(locale, MESSAGES_NAMESPACE)) {
    i18next.addResourceBundle(locale, MESSAGES_NAMESPACE, MESSAGE_CATALOGUES[locale]);
  }
  await Promise.all(
    FEATURE_NAMESPACES.filter((namespace) => !i18next.hasResourceBundle(locale, namespace)).map(async (namespace) => {
      const load = resourceLoaders[`../../locales/${locale}/${namespace}.json`];
      if (!load) throw new Error(`Missing translation file ${locale}/${namespace}.json`);
      const module = await load();
      i18next.addResourceBundle(locale, namespace, module.default);
    }),
  );
}

function reflectInDocument(locale: Locale): void {
  document.documentElement.lang = BCP47[locale];
}

export async function initI18n(locale: Locale): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: locale,
    supportedLngs: [...LOCALES],
    // Key parity across languages is enforced by a test, so there is nothing to fall back to.
    fallbackLng: false,
    ns: [...FEATURE_NAMESPACES, MESSAGES_NAMESPACE],
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadResources(locale);
  reflectInDocument(locale);
}

export async function applyLanguage(locale: Locale): Promise<void> {
  await loadResources(locale);
  await i18next.changeLanguage(locale);
  reflectInDocument(locale);
}

/** `?lang=zh|en|kr|jp` on any URL picks the language (spec: user-switchable, four languages). */
export function localeFromSearch(search: string): Locale | null {
  const value = new URLSearchParams(search).get('lang');
  return isLocale(value) ? value : null;
}

/** Translates a message key or a zod message reference (`key|{"n":14}`) from contracts. */
export function translateMessageRef(ref: string): string {
  const { key, params } = parseMessageRef(ref);
  return i18next.t(key, { ns: MESSAGES_NAMESPACE, ...params });
}

export { i18next };
