const base = require('./jest.base.config');

/** Integration tier: `*.int-spec.ts`, the Nest app on a real PostgreSQL created once per run. */
module.exports = {
  ...base,
  displayName: 'api:int',
  testRegex: '\\.int-spec\\.ts$',
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30000,
  // Workers, not in band (`npm test` runs two, each on its own database), recycled after a spec file
  // that leaves one above this: in band, the ~70 files' module registries piled up in one process to
  // the 4.3 GB heap limit, and the last files ran in a garbage-collection spiral (the 500-message spec
  // stalled for minutes).
  workerIdleMemoryLimit: '768MB',
};
