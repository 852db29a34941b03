import { fileURLToPath, URL } from 'node:url';

/** Shared by vite.config.ts (Vite 8) and vitest.config.ts (vitest 4 runs on its own Vite 7). */
export const aliases = {
  // The contracts are read as TypeScript source: no build step between a schema change and the web.
  '@legenett/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

// contracts and web each carry a zod copy; one runtime instance keeps schemas interchangeable.
export const dedupe = ['zod', 'react', 'react-dom'];
