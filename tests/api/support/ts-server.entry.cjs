// Runs the gateway's TypeScript (services/src/main.ts) in a plain Node process, the way jest runs it:
// swc compiles each .ts file as it is required (same options as jest.shared.js), and the workspace
// aliases point at the sources. Lets a test start the real server as a child it can kill -9
// without building dist first.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../..');
const aliases = [
  [/^@shop\/contracts$/, 'contracts/src/index.ts'],
  [/^@shop\/projections$/, 'projections/src/index.ts'],
  [/^@shop\/services\/(.*)$/, 'services/src/$1/index.ts'],
];

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  for (const [pattern, target] of aliases) {
    if (pattern.test(request)) return path.join(root, request.replace(pattern, target));
  }
  return resolveFilename.call(this, request, ...rest);
};

Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    swcrc: false,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

require(path.join(root, 'services/src/main.ts'));
