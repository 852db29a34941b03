import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { aliases, dedupe } from './vite.aliases';
import { precompress } from './vite.compress';
import { contracts } from './vite.contracts';
import { lazySchemas } from './vite.lazy-schemas';
import { chunkGroups } from './vite.chunks';
import { routePreload } from './vite.preload';
import { pwa } from './vite.pwa';

const api = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };
const entry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const src = fileURLToPath(new URL('./src', import.meta.url));
const contractsIndex = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

/**
 * React Router publishes the same code twice; its package exports always name `dist/development`, whose
 * only difference is `ENABLE_DEV_WARNINGS = true` (checks and console warnings on every navigation).
 * The build takes `dist/production`.
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router')),
  '..',
  'production',
);
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  // routePreload writes the route preload table the API reads (dist/.vite/route-preload.json).
  plugins: [contracts(), lazySchemas(), react(), routePreload({ src }), pwa(), precompress()],
  resolve: {
    alias: [
      ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement })),
      ...(command === 'build' ? reactRouterProduction : []),
    ],
    dedupe,
  },
  server: { port: 5173, proxy: api },
  preview: { port: 4173, proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Vite's per-chunk gzip report of ~200 chunks is seconds of the build for a table nobody reads;
    // bench/web-size.mjs measures the real (brotli) sizes.
    reportCompressedSize: false,
    // bench/web-size.mjs reads the chunk graph from dist/.vite/manifest.json (never served).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunkGroups(entry, contractsIndex, 8000) },
        // Hash-only names: every chunk names the chunks it imports, and each page's HTML names its preloads.
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
}));
