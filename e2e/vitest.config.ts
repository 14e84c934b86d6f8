import { defineConfig } from 'vitest/config';

// End-to-end specs share one built app on one real server (global setup); files run one at a
// time because two cores are better spent on one Chromium than on two fighting for them.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    // A page's check takes seconds, but a flow of several pages and people took 60 s on a loaded
    // two-core CI machine (rectification's six steps, 2026-11-29); the inner waits stay bounded.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits up to 1 s by default; on a loaded two-core CI machine a validation message
    // has taken longer than that to show (the flow settings' Korean time-to-store check failed so).
    expect: { poll: { timeout: 10_000 } },
  },
});
