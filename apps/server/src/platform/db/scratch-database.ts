import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  /** The server's URL with this database in its path. */
  url: string;
  drop: () => Promise<void>;
}

/** The URL of database `name` on the server of `serverUrl` (same user, host and options). */
export function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** PostgreSQL's object_in_use: another session was connected to the template at that moment. */
const OBJECT_IN_USE = '55006';
const SAFE_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * A PostgreSQL database of its own, for a test file or a benchmark: created under a new name
 * (`prefix` + random hex) on the server of `serverUrl`, so whatever runs in it never touches
 * data it did not make. `drop` removes it again. With `template`, a copy of that database (an
 * already migrated one: a file copy takes a tenth of the migrations' time).
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, template?: string): Promise<ScratchDatabase> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  if (template !== undefined && !SAFE_NAME.test(template)) throw new Error(`not a database name: ${template}`);
  await onServer(serverUrl, async (client) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
        return;
      } catch (error) {
        // Two copies starting at once see each other on the template: wait and copy again.
        if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  });
  return { name, url: databaseUrlFor(serverUrl, name), drop: () => dropDatabase(serverUrl, name) };
}

/** Drops database `name` on the server of `serverUrl`, if it is there. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, async (client) => {
    // The pool's connections may still be closing: wait for them rather than kill them.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
}

async function onServer(serverUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
