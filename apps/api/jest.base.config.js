// Shared by jest.unit.config.js and jest.int.config.js.
const path = require('node:path');

const repo = path.resolve(__dirname, '..', '..');

/** The API's SWC setting (swc.config.js, as its build), with source maps inline for stack traces. */
const swc = { ...require('./swc.config.js'), sourceMaps: 'inline' };

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
