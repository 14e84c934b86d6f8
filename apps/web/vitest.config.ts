import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { startupMessages } from './vite-plugins/startupMessages.ts';

export default defineConfig({
  plugins: [react(), startupMessages()],
  test: { name: 'web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});
