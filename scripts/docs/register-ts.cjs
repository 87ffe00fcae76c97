// Lets plain Node require the TypeScript sources the way jest runs them: swc compiles each .ts file
// as it is required, with the transform options and workspace aliases of jest.shared.js (one source
// of truth, so a package that moves needs no change here).
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../..');
const shared = require(path.join(root, 'jest.shared.js'));
const swcOptions = Object.values(shared.transform)[0][1];
const aliases = Object.entries(shared.moduleNameMapper).map(([pattern, target]) => [
  new RegExp(pattern),
  target.replace('<rootDir>', root),
]);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  for (const [pattern, target] of aliases) {
    if (pattern.test(request)) return request.replace(pattern, target);
  }
  return resolveFilename.call(this, request, ...rest);
};

Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { filename, swcrc: false, ...swcOptions });
  module._compile(code, filename);
};
