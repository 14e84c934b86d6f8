import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every package; each package keeps its own settings in its vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
    // Vitest runs one worker less than the cores by default: one worker on this two-core machine,
    // while the runner process sits idle and PostgreSQL waits. A worker per core, measured on an idle
    // machine (2026-11-29): the SQLite tier 170 s against 421 s with one worker.
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
