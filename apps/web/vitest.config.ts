import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { startupMessages } from './vite-plugins/startupMessages.ts';

export default defineConfig({
  plugins: [react(), startupMessages()],
  // isolate: false: the files share their worker's jsdom and modules. Setting both up again for each
  // of the 76 files took 5.6 minutes of a loaded CI machine against 30 s shared (2026-11-29); the
  // tests are pure functions and a few renders that clean up after themselves.
  test: { name: 'web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], isolate: false },
});
