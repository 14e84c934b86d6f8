import { describe, expect, it } from 'vitest';
import { LOCALES, localeFromHeader } from './locales.ts';
import { MESSAGE_CATALOGUES, messageRef, translateMessage } from './messages.ts';

function keysOf(catalogue: Record<string, Record<string, string>>): string[] {
  return Object.entries(catalogue)
    .flatMap(([group, entries]) => Object.keys(entries).map((name) => `${group}.${name}`))
    .sort();
}

describe('message catalogues', () => {
  it('have the same keys in every language, none empty', () => {
    const english = keysOf(MESSAGE_CATALOGUES.en);
    for (const locale of LOCALES) {
      const catalogue = MESSAGE_CATALOGUES[locale] as Record<string, Record<string, string>>;
      expect(keysOf(catalogue), locale).toEqual(english);
      for (const key of english) {
        const [group, name] = key.split('.') as [string, string];
        expect(catalogue[group]?.[name]?.trim().length, `${locale} ${key}`).toBeGreaterThan(0);
      }
    }
  });

  it('keep the same placeholders in every language', () => {
    for (const key of keysOf(MESSAGE_CATALOGUES.en)) {
      const [group, name] = key.split('.') as [string, string];
      const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
      const english = placeholders((MESSAGE_CATALOGUES.en as Record<string, Record<string, string>>)[group]?.[name] ?? '');
      for (const locale of LOCALES) {
        const text = (MESSAGE_CATALOGUES[locale] as Record<string, Record<string, string>>)[group]?.[name] ?? '';
        expect(placeholders(text), `${locale} ${key}`).toEqual(english);
      }
    }
  });

  it('carry the spec texts in English', () => {
    expect(translateMessage('en', 'errors.noAuthority')).toBe('Current account has no authority for this operation, please contact administrator.');
    expect(translateMessage('en', 'validation.required')).toBe('Required Field');
    expect(translateMessage('en', messageRef('validation.maxChars', { n: 14 }))).toBe('Maximum 14 chars');
  });

  it("reads our language codes and browsers' tags", () => {
    expect(localeFromHeader('kr')).toBe('kr');
    expect(localeFromHeader('ko-KR,ko;q=0.9')).toBe('kr');
    expect(localeFromHeader('ja')).toBe('jp');
    expect(localeFromHeader('zh-CN')).toBe('zh');
    expect(localeFromHeader(undefined)).toBe('en');
    expect(localeFromHeader('fr-FR')).toBe('en');
  });
});
