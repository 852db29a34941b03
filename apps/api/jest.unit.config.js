const base = require('./jest.base.config');

/** Unit tier: `*.spec.ts`, no I/O. */
module.exports = { ...base, displayName: 'api:unit', testRegex: '\\.spec\\.ts$' };
