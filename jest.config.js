/** Unit, integration and API suites. Browser tests have their own config (tests/browser). */
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
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@shop/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@shop/projections$': '<rootDir>/projections/src/index.ts',
    '^@shop/services/(.*)$': '<rootDir>/services/src/$1/index.ts',
  },
  roots: ['<rootDir>/contracts/src', '<rootDir>/services/src', '<rootDir>/projections/src', '<rootDir>/tests'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/tests/browser/'],
  testTimeout: 60_000,
  maxWorkers: 2,
};
