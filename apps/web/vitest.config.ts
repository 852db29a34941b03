import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { aliases, dedupe } from './vite.aliases';
import { contracts } from './vite.contracts';
import { lazySchemas } from './vite.lazy-schemas';

// vitest 4.0 bundles Vite 7, which @vitejs/plugin-react 6 (Vite 8 only) does not support; tests need no
// Fast Refresh, and esbuild compiles TSX with the automatic runtime from tsconfig's `jsx: react-jsx`.
export default defineConfig({
  // The catalogue's per-language section modules (`?lang=`), as the app build has them.
  plugins: [contracts(), lazySchemas()],
  resolve: { alias: aliases, dedupe },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'vite.*.test.ts'],
    css: false,
    // UI tests drive Mantine in jsdom; on a loaded 2-core CI machine one test can take several seconds.
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, with
    // the main process nearly idle (the tier took 275 s so). Two at least.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
