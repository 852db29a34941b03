// Shared by jest.unit.config.js and jest.int.config.js.
const path = require('node:path');

const repo = path.resolve(__dirname, '..', '..');

/** @swc/jest with Nest's needs: legacy decorators and emitted parameter types for DI. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Tests run against the workspace sources, so a stale dist/ never hides a change.
  moduleNameMapper: {
    '^@legenett/contracts$': path.join(repo, 'packages/contracts/src/index.ts'),
    '^@legenett/db$': path.join(repo, 'packages/db/src/index.ts'),
  },
};
