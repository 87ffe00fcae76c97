// One lint set-up for every workspace: typescript-eslint's recommended rules, strict on what matters
// here, and the layers: a package imports only the packages below it (and declares them).
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** The floors, lowest first. Each may import the floors listed in `allow`, never one above it. */
const layers = [
  { type: 'contracts', pattern: 'contracts/src', allow: [] },
  { type: 'domain', pattern: 'domain/src', allow: ['contracts'] },
  { type: 'infrastructure', pattern: 'infrastructure/src', allow: ['contracts', 'domain'] },
  { type: 'projections', pattern: 'projections/src', allow: ['contracts', 'infrastructure'] },
  { type: 'services', pattern: 'services/src', allow: ['contracts', 'domain', 'infrastructure', 'projections'] },
  { type: 'web', pattern: 'web/src', allow: ['contracts'] },
  {
    type: 'tests',
    pattern: 'tests',
    allow: ['contracts', 'domain', 'infrastructure', 'projections', 'services', 'web'],
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'tests/browser/screenshots/**', 'web/dev-dist/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-require-imports': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': ['warn', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
      'import/resolver': {
        typescript: { project: ['tsconfig.json', 'web/tsconfig.json'], noWarnOnMultipleProjects: true },
      },
      'boundaries/elements': layers.map(({ type, pattern }) => ({ type, pattern, mode: 'folder' })),
      // Re-exports and dynamic imports cross layers too, not only import declarations.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import', 'require'],
      'boundaries/include': [
        'contracts/**',
        'domain/**',
        'infrastructure/**',
        'projections/**',
        'services/**',
        'web/**',
        'tests/**',
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: '${file.type} must not import ${dependency.type}: a layer imports only the layers below it',
          rules: layers.map(({ type, allow }) => ({ from: type, allow: [type, ...allow] })),
        },
      ],
      // A package alias no package.json declares, or a path that climbs out of a package, is how an upward import slips in.
      'boundaries/no-unknown': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Each package declares what it imports (its own package.json, the root one for dev tools).
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          devDependencies: [
            '**/*.spec.ts',
            '**/testing/**',
            'tests/**',
            'scripts/**',
            '**/*.bench.ts',
            '**/vite.config.ts',
          ],
        },
      ],
    },
  },
);
