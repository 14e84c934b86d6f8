import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: process.env.DATABASE_URL ? 'server-postgres' : 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // On PostgreSQL, one migrated template that every test app's database copies.
    globalSetup: ['test/pg-template.ts'],
    // The demo seed (floor plans drawn with sharp, SOP images, track history) runs whole in a few tests: on a loaded 2-core machine it needs more than a unit test.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
