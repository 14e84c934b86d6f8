import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../src/platform/db/database.ts';
import { createScratchDatabase } from '../src/platform/db/scratch-database.ts';

/**
 * The PostgreSQL tier's migrated template: migrated once per run, and every test app's database is
 * a copy of it (createTestApp), instead of running the 38 migrations a hundred times (about 2.6 s
 * each on this machine, a copy about 0.2 s). The migrations themselves are still run here, and
 * their own tests migrate fresh databases. Nothing happens without a PostgreSQL DATABASE_URL.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl?.startsWith('postgres')) return undefined;
  const template = await createScratchDatabase(serverUrl, 'storelens_tpl_');
  const opened = openDatabase({ databaseUrl: template.url, dataDir: '' });
  try {
    await migrateToLatest(opened.db);
  } finally {
    // A template can be copied only while nobody is connected to it.
    await opened.close();
  }
  project.provide('pgTemplate', template.name);
  return () => template.drop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}
