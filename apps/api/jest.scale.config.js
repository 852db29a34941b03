const base = require('./jest.base.config');

/**
 * Scale tier (`npm test -- scale`): `*.scale-spec.ts`. Starts its own PostgreSQL primary, a streaming
 * replica, PgBouncer, Redis, two `api` processes and a `worker` of the built API (apps/api/dist)
 * behind a small balancer; no global set-up; run after a build.
 */
module.exports = {
  ...base,
  displayName: 'api:scale',
  testRegex: '\\.scale-spec\\.ts$',
  testTimeout: 300000,
};
