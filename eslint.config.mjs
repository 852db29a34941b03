// One flat ESLint config for every workspace (run from each package with `eslint src`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

// Web import boundaries (style habit 10): src/app composes features; a feature imports only itself and
// src/shared; src/shared imports neither. Tests reach the app shell through src/testing.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const noAppShell = { group: ['@/app', '@/app/*'], message: 'Only src/app composes the app: features and shared code may not import it.' };
const noFeatures = (except) => ({
  regex: except ? `^@/features/(?!${except}(/|$))` : '^@/features(/|$)',
  message: except ? 'No imports across features: move what both need to src/shared.' : 'src/shared may not import features.',
});
// Relative paths stay inside their folder: two levels up from features/<x>/<dir>/ is another feature.
const noClimbing = (levels, message) => ({ regex: `^(\\.\\./){${levels},}`, message });
const webBoundaries = [
  ...webFeatures.flatMap((feature) => [
    {
      files: [`apps/web/src/features/${feature}/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns: [noAppShell, noFeatures(feature), noClimbing(1, `Import other code through @/shared (or @/features/${feature}/...).`)] }] },
    },
    {
      files: [`apps/web/src/features/${feature}/*/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns: [noAppShell, noFeatures(feature), noClimbing(2, `Import other code through @/shared (or @/features/${feature}/...).`)] }] },
    },
  ]),
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppShell, noFeatures(null), noClimbing(2, 'Import shared code through @/shared/...')] }] },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/migrations/**', '**/.data/**', '**/coverage/**', '**/playwright-report/**', '**/test-results/**', '**/*.config.js', '**/*.config.mjs', '**/*.config.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': 'off',
    },
  },
  {
    // Nest resolves constructor parameters by their runtime classes: a type-only import would erase them.
    files: ['apps/api/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // Every CSV goes through the one helper that neutralises formula cells (docs/security.md).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/common/csv/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['csv-stringify', 'csv-stringify/*'], message: 'Write CSV with common/csv (csvFile, csvStream): it neutralises formula cells.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...webBoundaries,
);
