import { LOCALES, MESSAGE_CATALOGUES } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMESPACES, MESSAGES_NAMESPACE } from './i18n.ts';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('../../locales/*/*.json', { eager: true, import: 'default' });

function resource(locale: string, namespace: string): Tree | undefined {
  return files[`../../locales/${locale}/${namespace}.json`];
}

/** Leaf keys with their text: { 'login.title': 'Sign in', ... }. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') leaves.set(path, value);
    else for (const [leaf, text] of flatten(value, path)) leaves.set(leaf, text);
  }
  return leaves;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

const allNamespaces = [...FEATURE_NAMESPACES, MESSAGES_NAMESPACE];
const catalogue = (locale: (typeof LOCALES)[number], namespace: string): Tree | undefined =>
  namespace === MESSAGES_NAMESPACE ? (MESSAGE_CATALOGUES[locale] as Tree) : resource(locale, namespace);

describe('translations', () => {
  it('has exactly one file per feature namespace and language', () => {
    const expected = LOCALES.flatMap((locale) => FEATURE_NAMESPACES.map((namespace) => `../../locales/${locale}/${namespace}.json`)).sort();
    expect(Object.keys(files).sort()).toEqual(expected);
  });

  describe.each(allNamespaces)('namespace %s', (namespace) => {
    const english = flatten(catalogue('en', namespace) ?? {});

    it.each(LOCALES)('%s has the same keys as every other language', (locale) => {
      const keys = [...flatten(catalogue(locale, namespace) ?? {}).keys()].sort();
      expect(keys).toEqual([...english.keys()].sort());
    });

    it.each(LOCALES)('%s: no empty text and the same {{placeholders}}', (locale) => {
      for (const [key, text] of flatten(catalogue(locale, namespace) ?? {})) {
        expect(text.trim(), `${locale}/${namespace}:${key}`).not.toBe('');
        expect(placeholders(text), `${locale}/${namespace}:${key}`).toEqual(placeholders(english.get(key) ?? ''));
      }
    });
  });

  it('every key the code names (namespace:key) exists', () => {
    const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], { eager: true, query: '?raw', import: 'default' });
    const keyPattern = new RegExp(`['"\`](${allNamespaces.join('|')}):([A-Za-z0-9_.]+)['"\`]`, 'g');
    const english = new Map(allNamespaces.map((namespace) => [namespace, flatten(catalogue('en', namespace) ?? {})]));
    const missing: string[] = [];
    let checked = 0;
    for (const [file, source] of Object.entries(sources)) {
      for (const match of source.matchAll(keyPattern)) {
        const [, namespace = '', key = ''] = match;
        checked += 1;
        if (!english.get(namespace)?.has(key)) missing.push(`${file}: ${namespace}:${key}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
