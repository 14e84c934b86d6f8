import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: process.env.DATABASE_URL ? 'server-postgres' : 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // On PostgreSQL, one migrated template that every test app's database copies.
    globalSetup: ['test/pg-template.ts'],
    // Files share their worker's module graph: importing the whole server once per file was the
    // larger part of the tier (import 367 s against tests 630 s in one CI run). Each file still
    // makes its own app and database; test/between-files.ts puts the clock back between files.
    isolate: false,
    setupFiles: ['test/between-files.ts'],
    // The demo seed (floor plans drawn with sharp, SOP images, track history) runs whole in a few tests: on a loaded 2-core machine it needs more than a unit test.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
