import { BCP47, isLocale, LOCALES, type Locale, parseMessageRef } from '@storelens/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * One JSON per feature namespace under src/locales/<locale>/; `messages` comes from contracts.
 * Startup namespaces load before the first paint (public pages and the shell's frame); shell
 * namespaces (the pages inside the shell) load with the shell, so /login does not carry them.
 */
export const STARTUP_NAMESPACES = ['common', 'shell', 'auth', 'session', 'personal', 'legal'] as const;
export const SHELL_NAMESPACES = [
  'org',
  'users',
  'devices',
  'messageCenter',
  'analytics',
  'traffic',
  'calendar',
  'sales',
  'virtualStore',
  'videoDownloads',
  'singleLens',
  'playback',
  'floorplan',
  'sop',
  'inspectionPlans',
  'areaAnalysis',
  'webhooks',
  'crowd',
  'batch',
  'boards',
  'rectification',
  'alarms',
  'temperature',
  'hygiene',
  'aiTasks',
  'extensions',
  'warehouse',
] as const;
export const FEATURE_NAMESPACES = [...STARTUP_NAMESPACES, ...SHELL_NAMESPACES] as const;
export type FeatureNamespace = (typeof FEATURE_NAMESPACES)[number];
export const MESSAGES_NAMESPACE = 'messages';

/** Each language's own name, shown the same whatever the current language is. */
export const LANGUAGE_NAMES: Record<Locale, string> = { zh: '中文', en: 'English', kr: '한국어', jp: '日本語' };

export type ResourceModule = { default: Record<string, unknown> };
export type ResourceLoaders = Record<string, () => Promise<ResourceModule>>;
interface NamespaceGroup {
  namespaces: readonly string[];
  /** import.meta.glob of `../../locales/<locale>/<namespace>.json` (globs are written in this folder). */
  loaders: ResourceLoaders;
}

// Lazy: only the current language is downloaded (this keeps /login inside its budget).
const startupLoaders = import.meta.glob<ResourceModule>('../../locales/*/{common,shell,auth,session,personal,legal}.json');
const namespaceGroups: NamespaceGroup[] = [{ namespaces: STARTUP_NAMESPACES, loaders: startupLoaders }];
// The contracts' message catalogue (spec sections 5 and 8), one language at a time as well, and in
// two steps: public pages get the startup groups (vite-plugins/startupMessages.ts), the shell the whole
// catalogue, which grows with every domain and would otherwise ride in /login's bundle.
const messageLoaders = import.meta.glob<ResourceModule>('../../../../../packages/contracts/locales/*/messages.json');
const startupMessageLoaders: Record<Locale, () => Promise<ResourceModule>> = {
  zh: () => import('virtual:startup-messages/zh'),
  en: () => import('virtual:startup-messages/en'),
  kr: () => import('virtual:startup-messages/kr'),
  jp: () => import('virtual:startup-messages/jp'),
};
let wholeMessageCatalogue = false;
const wholeCatalogueLoaded = new Set<Locale>();

async function loadMessages(locale: Locale): Promise<void> {
  if (wholeMessageCatalogue) {
    if (wholeCatalogueLoaded.has(locale)) return;
    const load = messageLoaders[`../../../../../packages/contracts/locales/${locale}/messages.json`];
    if (!load) throw new Error(`Missing message catalogue ${locale}/messages.json`);
    i18next.addResourceBundle(locale, MESSAGES_NAMESPACE, (await load()).default, true, true);
    wholeCatalogueLoaded.add(locale);
    return;
  }
  if (i18next.hasResourceBundle(locale, MESSAGES_NAMESPACE)) return;
  i18next.addResourceBundle(locale, MESSAGES_NAMESPACE, (await startupMessageLoaders[locale]()).default);
}

/** The shell's pages use every group of the catalogue: from now on, the whole one in every language. */
export async function loadWholeMessageCatalogue(): Promise<void> {
  wholeMessageCatalogue = true;
  const current = i18next.language;
  if (isLocale(current)) await loadMessages(current);
}

async function loadGroup(locale: Locale, group: NamespaceGroup): Promise<void> {
  await Promise.all(
    group.namespaces
      .filter((namespace) => !i18next.hasResourceBundle(locale, namespace))
      .map(async (namespace) => {
        const load = group.loaders[`../../locales/${locale}/${namespace}.json`];
        if (!load) throw new Error(`Missing translation file ${locale}/${namespace}.json`);
        const module = await load();
        i18next.addResourceBundle(locale, namespace, module.default);
      }),
  );
}

async function loadResources(locale: Locale): Promise<void> {
  await Promise.all([loadMessages(locale), ...namespaceGroups.map((group) => loadGroup(locale, group))]);
}

/**
 * Namespaces loaded on demand (the shell's): loaded now in the current language, and from then on
 * with every language the user switches to.
 */
export async function addNamespaceGroup(namespaces: readonly string[], loaders: ResourceLoaders): Promise<void> {
  const group = namespaceGroups.find((entry) => entry.loaders === loaders) ?? { namespaces, loaders };
  if (!namespaceGroups.includes(group)) namespaceGroups.push(group);
  const current = i18next.language;
  if (isLocale(current)) await loadGroup(current, group);
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
