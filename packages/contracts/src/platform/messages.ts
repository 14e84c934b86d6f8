import en from '../../locales/en/messages.json' with { type: 'json' };
import jp from '../../locales/jp/messages.json' with { type: 'json' };
import kr from '../../locales/kr/messages.json' with { type: 'json' };
import zh from '../../locales/zh/messages.json' with { type: 'json' };
import type { Locale } from './locales.ts';

/**
 * The messages of spec sections 5 and 8, shared by the server (envelope msg) and the web (forms,
 * the HTTP client). One catalogue per language; a key-parity test keeps them complete.
 */
export const MESSAGE_CATALOGUES = { en, zh, kr, jp } as const;

type Catalogue = typeof en;
export type MessageKey = {
  [G in keyof Catalogue]: `${G & string}.${keyof Catalogue[G] & string}`;
}[keyof Catalogue];
export type MessageParams = Record<string, string | number>;

/**
 * Zod messages and error codes carry a reference, `key` or `key|{"n":14}`, which each side turns
 * into text in the reader's language. Keeping the reference (not the English text) in the schema is
 * what lets one schema serve four languages.
 */
export function messageRef(key: MessageKey, params?: MessageParams): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}

export function parseMessageRef(ref: string): { key: string; params: MessageParams } {
  const bar = ref.indexOf('|');
  if (bar < 0) return { key: ref, params: {} };
  try {
    return { key: ref.slice(0, bar), params: JSON.parse(ref.slice(bar + 1)) as MessageParams };
  } catch {
    return { key: ref.slice(0, bar), params: {} };
  }
}

export function isMessageKey(key: string): key is MessageKey {
  const [group, name] = key.split('.');
  if (!group || !name) return false;
  const section = (en as Record<string, Record<string, string>>)[group];
  return section !== undefined && name in section;
}

/** Translates a key (or a message reference) into the locale; unknown keys come back unchanged. */
export function translateMessage(locale: Locale, keyOrRef: string, params?: MessageParams): string {
  const parsed = parseMessageRef(keyOrRef);
  const values = { ...parsed.params, ...params };
  const [group, name] = parsed.key.split('.');
  const catalogue = MESSAGE_CATALOGUES[locale] as Record<string, Record<string, string>>;
  const fallback = MESSAGE_CATALOGUES.en as Record<string, Record<string, string>>;
  const template = (group && name && (catalogue[group]?.[name] ?? fallback[group]?.[name])) || parsed.key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, param: string) => String(values[param] ?? ''));
}
