/// <reference types="vitest/config" />
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies /api to the local stack (or whatever JERGA_API_PORT names),
// so the browser always calls relative /api/... paths.
const apiTarget = `http://127.0.0.1:${process.env.JERGA_API_PORT ?? 54321}`;

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    host: 'localhost',
    port: Number(process.env.JERGA_WEB_PORT ?? 5173),
    strictPort: true,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    port: Number(process.env.JERGA_WEB_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'functions',
          environment: 'node',
          include: ['supabase/functions/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'stack',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Browser and server round trips on a busy 2-core CI machine take more than
          // expect.poll's default second.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // One stack, one database: files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
