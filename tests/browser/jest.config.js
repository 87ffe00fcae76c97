/** Browser suite: the real gateway serving web/dist, a real database and headless Chromium (npm run test:browser). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@shop/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@shop/projections$': '<rootDir>/projections/src/index.ts',
    '^@shop/services/(.*)$': '<rootDir>/services/src/$1/index.ts',
  },
  roots: ['<rootDir>/tests/browser'],
  testMatch: ['**/*.browser.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/screenshots/'],
  // A browser, a gateway and a database per file: generous, since a cold start on CI is slow.
  testTimeout: 180_000,
  slowTestThreshold: 60,
  maxWorkers: 1,
};
