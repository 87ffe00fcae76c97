// Compiles the server-side workspaces with swc (fast, keeps decorator metadata for NestJS).
// Type checking is `npm run typecheck`.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const packages = ['contracts', 'projections', 'services', 'tests/bench'];
for (const dir of packages) {
  rmSync(`${dir}/dist`, { recursive: true, force: true });
  execFileSync(
    'npx',
    ['swc', `${dir}/src`, '-d', `${dir}/dist`, '--strip-leading-paths', '--config-file', '.swcrc', '--ignore', '**/*.spec.ts', '--quiet'],
    { stdio: 'inherit' },
  );
}
