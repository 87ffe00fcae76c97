import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './support/app-process';

/**
 * A start that fails because of a setting prints one line naming that setting and exits 1, as the
 * README promises of a bad value: no stack trace for an operator to read through.
 */
describe('a start that a setting makes fail names the setting', () => {
  let taken: Server;
  let takenPort: number;

  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
    takenPort = (taken.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((closed) => taken.close(() => closed())));

  const environment = (settings: Record<string, string>): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'startup-error-')),
      WEB_DIST: '/nonexistent',
      ADMIN_PASSWORD: 'manager-secret-1',
      ...settings,
    };
    delete env.EVENTSTORE_URL;
    if (!settings.DATABASE_URL) delete env.DATABASE_URL;
    return env;
  };

  /**
   * The entry point run from its sources, compiled as they load (the hook `npm run docs` uses), not
   * from dist/: building here would replace the compiled tree under other suites' child processes.
   */
  function failedStart(
    entry: 'services/src/main.ts' | 'services/src/projector.main.ts',
    settings: Record<string, string>,
  ) {
    const child = spawn(process.execPath, ['-r', './scripts/docs/register-ts.cjs', entry], {
      cwd: repoRoot,
      env: environment(settings),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A start that does not fail would run on: it is stopped, and the test fails on its exit code.
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    return new Promise<{ code: number | null; output: string }>((done) =>
      child.once('close', (code) => {
        clearTimeout(timer);
        done({ code, output });
      }),
    );
  }

  type Case = [label: string, settings: () => Record<string, string>, expected: () => string];
  it.each<Case>([
    [
      'a PORT another process listens on',
      () => ({ PORT: String(takenPort) }),
      () => `PORT ${takenPort} is already in use`,
    ],
    [
      'a HOST that is not this machine',
      () => ({ HOST: 'no-such-host.invalid' }),
      () => 'HOST no-such-host.invalid is not',
    ],
    [
      'a DATABASE_URL nothing answers',
      () => ({ DATABASE_URL: 'postgres://shop:secret-pw@127.0.0.1:1/shop' }),
      () => 'DATABASE_URL (postgres://shop@127.0.0.1:1/shop) cannot be used: connect ECONNREFUSED',
    ],
  ])('the gateway, given %s', async (_, settings, expected) => {
    const { code, output } = await failedStart('services/src/main.ts', settings());
    expect(code).toBe(1);
    expect(output).toContain(expected());
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('secret-pw');
  });

  it('the projector, given no DATABASE_URL (the embedded database belongs to the gateway)', async () => {
    const { code, output } = await failedStart('services/src/projector.main.ts', {});
    expect(code).toBe(1);
    expect(output).toContain('DATABASE_URL is required: a projector process');
    expect(output).not.toMatch(/^\s+at /m);
  });
});
