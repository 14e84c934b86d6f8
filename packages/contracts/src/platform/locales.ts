export const LOCALES = ['zh', 'en', 'kr', 'jp'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** BCP-47 tags for Intl, dayjs and antd. */
export const BCP47: Record<Locale, string> = { zh: 'zh-CN', en: 'en-US', kr: 'ko-KR', jp: 'ja-JP' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Reads an Accept-Language header (ours: zh|en|kr|jp; browsers': zh-CN,ko;q=0.9 ...). */
export function localeFromHeader(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  for (const part of header.split(',')) {
    const tag = (part.split(';')[0] ?? '').trim().toLowerCase();
    if (isLocale(tag)) return tag;
    const primary = tag.split('-')[0];
    if (primary === 'zh') return 'zh';
    if (primary === 'en') return 'en';
    if (primary === 'ko') return 'kr';
    if (primary === 'ja') return 'jp';
  }
  return DEFAULT_LOCALE;
}
