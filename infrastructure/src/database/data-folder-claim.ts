import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, join, resolve } from 'node:path';

/** The file in an embedded data folder that names the one process holding it open. */
export const CLAIM_FILE = '.open-by.pid';

/** What the claim file holds (JSON). */
export interface DataFolderClaimRecord {
  readonly pid: number;
  readonly hostname: string;
  /** When the process started (ISO). */
  readonly startedAt: string;
  /** Its script, for the message: main.js, rebuild.cli.js... */
  readonly command: string;
  /** Linux only: the process's start in clock ticks since boot, which tells a reused pid apart. */
  readonly procStart?: string;
  /** Random per claim: a release removes the file only while it is still this claim. */
  readonly token?: string;
}

/** Another live process (or this one) holds the folder: the start stops here, touching nothing. */
export class DataFolderInUseError extends Error {
  readonly code = 'EDATAFOLDERINUSE';

  constructor(
    readonly folder: string,
    readonly holder: DataFolderClaimRecord | null,
  ) {
    const who = !holder
      ? 'another process (it is taking the folder over right now)'
      : holder.pid === process.pid
        ? `this process (pid ${holder.pid})`
        : `process ${holder.pid} (${holder.command}${holder.hostname === hostname() ? '' : ` on ${holder.hostname}`}, since ${holder.startedAt})`;
    super(
      `The data folder ${folder} is in use by ${who}: only one process may open an embedded PGlite folder; ` +
        'stop that one first, or set DATA_DIR to another folder',
    );
  }
}

export interface DataFolderClaim {
  /** Removes the claim file if it is still this claim. Idempotent. */
  release(): void;
}

/**
 * Folders this process holds (real path → token): a second open in the same process is refused too.
 * On the global object, so that module copies (a test runner's registries) share it.
 */
const held: Map<string, string> = ((globalThis as { [key: symbol]: unknown })[Symbol.for('shop.dataFolderClaims')] ??=
  new Map<string, string>()) as Map<string, string>;

/**
 * PGlite does not stop a second process from opening its folder, and two writers lose each other's
 * work; so whoever opens one claims it first. The claim is created atomically (a hard link of a
 * complete file, which fails if the name exists: readers never see half a claim), and names its
 * process. A claim whose process is gone (a crash, kill -9) is stale and taken over, as PostgreSQL
 * does with its own postmaster.pid, including its rule that our own pid is a previous life's (pid 1
 * in a restarted container) unless this process holds the folder.
 */
export function claimDataFolder(dataDir: string): DataFolderClaim {
  const shown = resolve(dataDir);
  const real = realpathSync(dataDir);
  const path = join(real, CLAIM_FILE);
  const mine: DataFolderClaimRecord = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    command: basename(process.argv[1] ?? process.argv0),
    procStart: procStartOf(process.pid),
    token: randomBytes(12).toString('base64url'),
  };
  if (held.has(real)) throw new DataFolderInUseError(shown, { ...mine, token: held.get(real) });
  const text = JSON.stringify(mine);
  for (let attempt = 1; !createExclusive(path, text); attempt++) {
    const found = readText(path);
    const holder = found === null ? null : parseClaim(found);
    if (holder && isLive(holder)) throw new DataFolderInUseError(shown, holder);
    // Released or replaced meanwhile, each time: somebody else is at it.
    if (attempt > 3) throw new DataFolderInUseError(shown, holder);
    if (found !== null && replaceStale(path, found, text, shown)) break;
  }
  held.set(real, mine.token!);
  return {
    release() {
      if (held.get(real) !== mine.token) return;
      held.delete(real);
      const current = readText(path);
      if (current !== null && parseClaim(current)?.token === mine.token) rmSync(path, { force: true });
    },
  };
}

/** Filesystems without hard links (some network and FUSE mounts) answer a link with these. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

function createExclusive(path: string, text: string): boolean {
  const draft = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, text, { mode: 0o644 });
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (NO_LINKS.has(code)) return createWithoutLink(path, text);
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

/** O_EXCL create, then write: a reader may see the file empty for a moment, and reads it as stale. */
function createWithoutLink(path: string, text: string): boolean {
  try {
    writeFileSync(path, text, { flag: 'wx', mode: 0o644 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Replaces a stale claim while holding a short guard file, so two processes finding the same stale
 * claim cannot both take it (one would remove the other's fresh claim). False if the claim changed
 * meanwhile: the caller looks again.
 */
function replaceStale(path: string, staleText: string, text: string, shown: string): boolean {
  const guard = `${path}.takeover`;
  if (!createExclusive(guard, String(process.pid))) {
    // Another start is taking the claim over right now, unless the guard was left by a process
    // killed in those few milliseconds: one older than a few seconds is removed and the claim looked at again.
    if (Date.now() - (statSafe(guard)?.mtimeMs ?? Date.now()) <= 5_000) throw new DataFolderInUseError(shown, null);
    rmSync(guard, { force: true });
    return false;
  }
  try {
    if (readText(path) !== staleText) return false;
    rmSync(path, { force: true });
    return createExclusive(path, text);
  } finally {
    rmSync(guard, { force: true });
  }
}

function isLive(holder: DataFolderClaimRecord): boolean {
  if (holder.pid === process.pid) return false; // not held by us (checked first): a previous life's
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = procStartOf(holder.pid);
  return !holder.procStart || !start || start === holder.procStart;
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
function procStartOf(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function parseClaim(text: string): DataFolderClaimRecord | null {
  try {
    const value = JSON.parse(text) as Partial<DataFolderClaimRecord>;
    if (!Number.isInteger(value.pid) || (value.pid ?? 0) <= 0) return null;
    return {
      pid: value.pid!,
      hostname: String(value.hostname ?? 'unknown host'),
      startedAt: String(value.startedAt ?? 'an unknown time'),
      command: String(value.command ?? 'unknown command'),
      procStart: typeof value.procStart === 'string' ? value.procStart : undefined,
      token: typeof value.token === 'string' ? value.token : undefined,
    };
  } catch {
    return null;
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function statSafe(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
