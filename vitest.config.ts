import { defineConfig } from 'vitest/config';

// One runner for every package; each package keeps its own settings in its vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
