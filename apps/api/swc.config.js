// The one SWC setting of the API, for its build (scripts/build.mjs) and its tests (jest.base.config.js):
// Nest needs legacy decorators and emitted parameter types for dependency injection.
/** @type {import('@swc/core').Options} */
module.exports = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
};
