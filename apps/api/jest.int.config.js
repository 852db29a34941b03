const base = require('./jest.base.config');

/** Integration tier: `*.int-spec.ts`, the Nest app on a real PostgreSQL created once per run. */
module.exports = {
  ...base,
  displayName: 'api:int',
  testRegex: '\\.int-spec\\.ts$',
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30000,
};
