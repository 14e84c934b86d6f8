import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { startupMessages } from './vite-plugins/startupMessages.ts';

const apiTarget = process.env.STORELENS_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), startupMessages()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/report-sizes.mjs reads the manifest to know what /login loads.
    manifest: true,
    // The app shell (antd) is one large lazy chunk by design; the budget that matters is /login's.
    chunkSizeWarningLimit: 1600,
  },
  server: { proxy: { '/api': apiTarget } },
  preview: { proxy: { '/api': apiTarget } },
});
