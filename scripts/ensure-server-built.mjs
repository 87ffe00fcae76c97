// Before an operator's command (rebuild, set-aside): compiles the server once if this checkout has
// never been built, and otherwise leaves the compiled tree alone. Recompiling in place would replace
// the files a running gateway or projector loads, and run the command on other code than theirs;
// the production image has no compiler and carries this file alone of scripts/.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const entries = ['services/dist/main.js', 'projections/dist/rebuild.cli.js', 'projections/dist/set-aside.cli.js'];
if (!entries.every((entry) => existsSync(resolve(root, entry)))) {
  console.log('The server is not built yet: building it once (npm run build:server)');
  execFileSync(process.execPath, [resolve(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
}
