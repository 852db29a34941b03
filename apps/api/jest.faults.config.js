const base = require('./jest.base.config');

/**
 * Fault tier (`npm test -- faults`): `*.fault-spec.ts`. Each test starts its own PostgreSQL, Redis and
 * built API replicas (apps/api/dist), so there is no global set-up; run after a build.
 */
module.exports = {
  ...base,
  displayName: 'api:faults',
  testRegex: '\\.fault-spec\\.ts$',
  testTimeout: 300000,
};
