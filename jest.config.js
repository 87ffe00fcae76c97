/** Unit, integration and API suites. Browser tests have their own config (tests/browser). */
const shared = require('./jest.shared.js');

module.exports = {
  testEnvironment: 'node',
  ...shared,
  roots: [
    '<rootDir>/contracts/src',
    '<rootDir>/domain/src',
    '<rootDir>/infrastructure/src',
    '<rootDir>/projections/src',
    '<rootDir>/services/src',
    '<rootDir>/tests',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/tests/browser/'],
  testTimeout: 120_000,
  maxWorkers: 2,
};
