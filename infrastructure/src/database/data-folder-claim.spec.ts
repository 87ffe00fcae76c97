import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLAIM_FILE, claimDataFolder, DataFolderInUseError } from './data-folder-claim';

const readClaim = (folder: string) => JSON.parse(readFileSync(join(folder, CLAIM_FILE), 'utf8')) as { pid: number };
const writeClaim = (folder: string, claim: object | string) =>
  writeFileSync(join(folder, CLAIM_FILE), typeof claim === 'string' ? claim : JSON.stringify(claim));
const otherClaim = (pid: number, extra: object = {}) => ({
  pid,
  hostname: 'till-pc',
  startedAt: '2026-11-25T08:00:00.000Z',
  command: 'main.js',
  ...extra,
});

describe('claimDataFolder', () => {
  let folder: string;
  let sleeper: ChildProcess | undefined;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'claim-'));
  });

  afterEach(() => {
    sleeper?.kill('SIGKILL');
    sleeper = undefined;
    rmSync(folder, { recursive: true, force: true });
  });

  /** A live process other than this one. */
  const livePid = () => {
    sleeper = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    return sleeper.pid!;
  };
  const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

  it('claims a folder once per process, names this process, and frees it on release', () => {
    const claim = claimDataFolder(folder);
    expect(readClaim(folder)).toEqual(expect.objectContaining({ pid: process.pid }));
    expect(readdirSync(folder)).toEqual([CLAIM_FILE]); // no draft or guard left behind
    expect(() => claimDataFolder(folder)).toThrow(
      `The data folder ${folder} is in use by this process (pid ${process.pid})`,
    );
    claim.release();
    claim.release();
    expect(readdirSync(folder)).toEqual([]);
    claimDataFolder(folder).release();
  });

  it('refuses a folder a live process holds, naming it, and leaves its claim as it was', () => {
    const pid = livePid();
    writeClaim(folder, otherClaim(pid));
    const before = readFileSync(join(folder, CLAIM_FILE), 'utf8');
    let refusal: unknown;
    try {
      claimDataFolder(folder);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataFolderInUseError);
    expect((refusal as Error).message).toBe(
      `The data folder ${folder} is in use by process ${pid} (main.js on till-pc, since 2026-11-25T08:00:00.000Z): ` +
        'only one process may open an embedded PGlite folder; stop that one first, or set DATA_DIR to another folder',
    );
    expect(readFileSync(join(folder, CLAIM_FILE), 'utf8')).toBe(before);
  });

  it.each([
    ['a process that is gone', () => otherClaim(deadPid())],
    ['this pid in an earlier life (pid 1 in a restarted container)', () => otherClaim(process.pid)],
    ['a reused pid (another start time)', () => otherClaim(livePid(), { procStart: '1' })],
    ['an unreadable claim', () => 'not json'],
  ])('takes over a claim left by %s', (_, stale) => {
    writeClaim(folder, stale());
    const claim = claimDataFolder(folder);
    expect(readClaim(folder).pid).toBe(process.pid);
    claim.release();
    expect(readdirSync(folder)).toEqual([]);
  });

  it('keeps the live process judged by its start time where the system gives it', () => {
    if (process.platform !== 'linux') return;
    const pid = livePid();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const procStart = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    writeClaim(folder, otherClaim(pid, { procStart }));
    expect(() => claimDataFolder(folder)).toThrow(DataFolderInUseError);
  });

  it('refuses while another start is taking a stale claim over, and clears a guard left by one that died', () => {
    writeClaim(folder, otherClaim(deadPid()));
    const guard = join(folder, `${CLAIM_FILE}.takeover`);
    writeFileSync(guard, '1');
    expect(() => claimDataFolder(folder)).toThrow(
      /in use by another process \(it is taking the folder over right now\)/,
    );
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(guard, minuteAgo, minuteAgo);
    const claim = claimDataFolder(folder);
    expect(readClaim(folder).pid).toBe(process.pid);
    claim.release();
    expect(readdirSync(folder)).toEqual([]);
  });

  it('does not remove a claim that is no longer its own', () => {
    const claim = claimDataFolder(folder);
    const pid = livePid();
    writeClaim(folder, otherClaim(pid));
    claim.release();
    expect(readClaim(folder).pid).toBe(pid);
  });
});
