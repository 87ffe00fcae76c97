/** Browser suite: the real gateway serving web/dist, a real database and headless Chromium (npm run test:browser). */
const shared = require('../../jest.shared.js');

module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  ...shared,
  roots: ['<rootDir>/tests/browser'],
  testMatch: ['**/*.browser.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/screenshots/'],
  // A browser, a gateway and a database per file: generous, since a cold start on CI is slow.
  testTimeout: 180_000,
  slowTestThreshold: 60,
  maxWorkers: 1,
};
