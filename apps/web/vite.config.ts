import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { aliases, dedupe } from './vite.aliases';
import { precompress } from './vite.compress';

const api = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: aliases, dedupe },
  server: { port: 5173, proxy: api },
  preview: { port: 4173, proxy: api },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
