import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { STARTUP_MESSAGE_GROUPS } from '../src/shared/i18n/startupMessageGroups.ts';

const PREFIX = 'virtual:startup-messages/';
const catalogueDir = fileURLToPath(new URL('../../../packages/contracts/locales/', import.meta.url));

/**
 * `virtual:startup-messages/<locale>`: the groups of the contracts' message catalogue that pages
 * outside the shell use (validation and HTTP errors). The whole catalogue grows with every domain
 * and loads with the shell instead, so /login's JavaScript does not grow with each issue.
 */
export function startupMessages(): Plugin {
  return {
    name: 'storelens-startup-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const locale = id.slice(PREFIX.length + 1);
      if (!/^[a-z]{2}$/.test(locale)) throw new Error(`Unknown catalogue ${locale}`);
      const file = `${catalogueDir}${locale}/messages.json`;
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const subset = Object.fromEntries(STARTUP_MESSAGE_GROUPS.map((group) => [group, catalogue[group] ?? {}]));
      return `export default ${JSON.stringify(subset)};`;
    },
  };
}
