const base = require('./jest.base.config');

/**
 * Benches that run on the integration tier's database (`*.bench.ts`, not part of `npm test`):
 * `DATABASE_URL=... npx jest -c jest.bench.config.js --runInBand`. Figures in docs/performance/.
 */
module.exports = {
  ...base,
  displayName: 'api:bench',
  testRegex: '\\.bench\\.ts$',
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30 * 60_000,
};
