/** What every jest config here shares: swc with Nest's legacy decorators and metadata, and the workspace aliases. */
module.exports = {
  transform: {
    '^.+\\.ts$': [
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
    ],
  },
  moduleNameMapper: {
    '^@shop/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@shop/domain$': '<rootDir>/domain/src/index.ts',
    '^@shop/infrastructure$': '<rootDir>/infrastructure/src/index.ts',
    '^@shop/projections$': '<rootDir>/projections/src/index.ts',
  },
};
