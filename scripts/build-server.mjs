// Compiles the server-side workspaces with swc (fast, keeps decorator metadata for Nest) into each
// package's dist/. Type checking is `npm run typecheck`.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const swc = resolve(root, 'node_modules/.bin/swc');
const packages = ['contracts', 'domain', 'infrastructure', 'projections', 'services', 'tests/bench'];
for (const dir of packages) {
  const cwd = resolve(root, dir);
  if (!existsSync(resolve(cwd, 'src'))) continue;
  rmSync(resolve(cwd, 'dist'), { recursive: true, force: true });
  execFileSync(
    swc,
    [
      'src',
      '-d',
      'dist',
      '--strip-leading-paths',
      '--config-file',
      resolve(root, '.swcrc'),
      '--ignore',
      '**/*.spec.ts',
      '--quiet',
    ],
    { cwd, stdio: 'inherit' },
  );
}
