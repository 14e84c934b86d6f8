import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHELL_NAMESPACES } from './i18n.ts';

/**
 * The shell waits for every shell namespace before it shows a page; one missing from the loader's
 * glob (a static string Vite must see whole) never arrives, and the app stops after sign-in.
 */
describe('the shell translations loader', () => {
  it('globs the file of every shell namespace', () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, 'shellNamespaces.ts'), 'utf8');
    const globbed = source.match(/locales\/\*\/\{([^}]+)\}\.json/)?.[1]?.split(',') ?? [];
    expect([...SHELL_NAMESPACES].sort()).toEqual([...globbed].sort());
  });
});
