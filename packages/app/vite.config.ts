import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = 'http://localhost:3000';

/**
 * The app's Vite config (run from the repo root with `--config packages/app/vite.config.ts`).
 * - `npm run dev`: the API runs on :3000; /api and /uploads are proxied there, so the app stays same-origin.
 * - `npm run dev:mock` (mode 'mock'): no server; main.tsx starts the MSW worker, served from mocks/public.
 */
export default defineConfig(({ mode }) => ({
  root,
  plugins: [react(), tailwindcss()],
  // draft-js (through fbjs) reads Node's `global` when it loads; browsers only have `globalThis`.
  define: { global: 'globalThis' },
  publicDir: mode === 'mock' ? path.resolve(root, '../../mocks/public') : path.resolve(root, 'public'),
  build: { outDir: path.resolve(root, 'dist'), emptyOutDir: true },
  server:
    mode === 'mock'
      ? {}
      : {
          // changeOrigin stays false: the API sees the page's own Host, so its same-origin check accepts the calls.
          proxy: {
            '/api': { target: apiTarget, changeOrigin: false },
            '/uploads': { target: apiTarget, changeOrigin: false },
          },
        },
}));
