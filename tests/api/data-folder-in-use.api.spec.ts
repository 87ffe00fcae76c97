import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRebuildCli } from '../../projections/src/rebuild.cli';
import { runBackupCli } from '../../services/src/backup/backup.cli';
import { ApiClient } from './support/api-client';
import { runChildServerToExit, startChildServer, type ChildServer } from './support/child-server';

const PASSWORD = 'manager-secret-1';
const CLAIM = '.open-by.pid';
const ENDPOINT = '.backup-endpoint.json';

const claimPid = (dataDir: string) => (JSON.parse(readFileSync(join(dataDir, CLAIM), 'utf8')) as { pid: number }).pid;

/** The pid of a process that has come and gone. */
function deadPid(): number {
  const { pid, status } = spawnSync(process.execPath, ['-e', '']);
  expect(status).toBe(0);
  return pid;
}

/**
 * PGlite is single-process: two gateways on one DATA_DIR would each write their own copy of it. The
 * real server, as a child process, claims the folder; a second one (or a CLI) on the same folder
 * refuses to start and leaves the first one's files alone.
 */
describe('an embedded data folder in use', () => {
  let folder: string;
  let dataDir: string;
  let env: Record<string, string | undefined>;
  const servers: ChildServer[] = [];

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'shop-claim-'));
    dataDir = join(folder, 'data');
    // The embedded engine whatever this run's DATABASE_URL: the claim is a PGlite folder's.
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      ADMIN_USERNAME: 'manager',
      ADMIN_PASSWORD: PASSWORD,
      WEB_DIST: '/nonexistent',
    };
  });

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.crash();
    await rm(folder, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startChildServer(env);
    servers.push(server);
    return server;
  };

  it('refuses a second gateway on the same folder, the first serving on untouched, and a new start once it stopped', async () => {
    const first = await start();
    const manager = new ApiClient(first.url);
    await manager.login('manager', PASSWORD);
    const created = await manager.post('/api/products', {
      name: 'Claimed Cream',
      sku: 'CLAIM-1',
      category: 'Skincare Products',
      price: '2500',
      currentStock: 5,
    });
    expect(created.status).toBe(201);
    const claimBefore = readFileSync(join(dataDir, CLAIM), 'utf8');
    const endpointBefore = readFileSync(join(dataDir, ENDPOINT), 'utf8');
    expect(claimPid(dataDir)).toBe(first.pid);
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(true);

    const second = await runChildServerToExit(env);
    expect(second.started).toBe(false);
    expect(second.code).toBe(1);
    // One line, naming the folder and the process holding it.
    expect(second.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^The data folder ${dataDir} is in use by process ${first.pid} \\(ts-server\\.entry\\.cjs, since .+\\): `,
        ),
      ),
    ]);
    // It wrote nothing in the folder and removed nothing of the first one's.
    expect(readFileSync(join(dataDir, CLAIM), 'utf8')).toBe(claimBefore);
    expect(readFileSync(join(dataDir, ENDPOINT), 'utf8')).toBe(endpointBefore);
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(true);

    // The CLIs that open the folder refuse the same way; the backup still goes through the running app.
    await expect(runRebuildCli([], { DATA_DIR: dataDir }, () => undefined)).rejects.toThrow(
      `The data folder ${dataDir} is in use by process ${first.pid}`,
    );
    const lines: string[] = [];
    const backup = await runBackupCli([join(folder, 'backup.ndjson')], { DATA_DIR: dataDir }, (line) =>
      lines.push(line),
    );
    expect(lines[0]).toBe(`Asking the running app (pid ${first.pid}) for a backup of ${dataDir}`);
    expect(backup.counts.events).toBeGreaterThan(0);

    // The first one still serves, its data whole, and takes writes.
    const moved = await manager.post('/api/transactions', {
      productId: created.body.id,
      type: 'out',
      quantity: 2,
      unitPrice: '2500',
      reason: 'sale',
    });
    expect(moved.status).toBe(201);
    expect((await manager.get('/api/products')).body).toEqual([
      expect.objectContaining({ sku: 'CLAIM-1', currentStock: 3 }),
    ]);

    await first.stop();
    expect(existsSync(join(dataDir, CLAIM))).toBe(false);
    expect(existsSync(join(dataDir, ENDPOINT))).toBe(false);

    const third = await start();
    expect(claimPid(dataDir)).toBe(third.pid);
    const again = new ApiClient(third.url);
    await again.login('manager', PASSWORD);
    expect((await again.get('/api/products')).body).toEqual([
      expect.objectContaining({ sku: 'CLAIM-1', currentStock: 3 }),
    ]);
    await third.stop();
  }, 400_000);

  it('takes over a claim left by a process that is gone', async () => {
    const first = await start();
    await first.crash(); // kill -9: no shutdown hook, the claim stays behind
    expect(claimPid(dataDir)).toBe(first.pid);
    // And one naming some other process that is gone.
    const stale = deadPid();
    writeFileSync(
      join(dataDir, CLAIM),
      JSON.stringify({ pid: stale, hostname: 'elsewhere', startedAt: '2026-01-01T00:00:00.000Z', command: 'main.js' }),
    );

    const second = await start();
    expect(claimPid(dataDir)).toBe(second.pid);
    const manager = new ApiClient(second.url);
    await manager.login('manager', PASSWORD);
    expect((await manager.get('/api/products')).status).toBe(200);
    await second.stop();
    expect(existsSync(join(dataDir, CLAIM))).toBe(false);
  }, 400_000);
});
