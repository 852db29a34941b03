const base = require('./jest.base.config');

/** Integration tier: `*.int-spec.ts`, the Nest app on a real PostgreSQL created once per run. */
module.exports = {
  ...base,
  displayName: 'api:int',
  testRegex: '\\.int-spec\\.ts$',
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // A spec's slowest test (a dozen calls and a job settle) took 20-25 s on the machine of 2026-11-27 and
  // passed 30 s on that of 2026-11-28, whose tier took 404-483 s where it had taken 189 s. A time-out is
  // how long a hung test takes to fail, not what it checks.
  testTimeout: 60000,
  // Workers, not in band (`npm test` runs two, each on its own database), recycled after a spec file
  // that leaves one above this: in band, the ~70 files' module registries piled up in one process to
  // the 4.3 GB heap limit, and the last files ran in a garbage-collection spiral (the 500-message spec
  // stalled for minutes).
  workerIdleMemoryLimit: '768MB',
};
