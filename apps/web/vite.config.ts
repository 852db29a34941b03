import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { aliases, dedupe } from './vite.aliases';
import { precompress } from './vite.compress';
import { contracts } from './vite.contracts';
import { startupChunk } from './vite.chunks';
import { routePreload } from './vite.preload';

const api = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };
const entry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const src = fileURLToPath(new URL('./src', import.meta.url));
const contractsIndex = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

export default defineConfig({
  // routePreload writes boot.js before precompress compresses the output (both at the end of the build).
  plugins: [contracts(), react(), routePreload({ src }), precompress()],
  resolve: { alias: aliases, dedupe },
  server: { port: 5173, proxy: api },
  preview: { port: 4173, proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/web-size.mjs reads the chunk graph from dist/.vite/manifest.json (never served).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [startupChunk(entry, contractsIndex)] },
        // Hash-only names: every chunk names the chunks it imports, and boot.js's preload table names them all.
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
});
