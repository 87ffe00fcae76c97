import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

/** Where a running app with an embedded data folder tells `npm run backup` how to reach it. */
export const ENDPOINT_FILE = '.backup-endpoint.json';

export interface BackupEndpoint {
  readonly pid: number;
  readonly port: number;
  /** Random per start: whoever can read the data folder may take a backup, nobody else. */
  readonly token: string;
}

/**
 * PGlite is single-process and opens no TCP port, so the running app takes the backup itself. The
 * token lives in the data folder (mode 0600): reading it proves the same access a file copy would.
 */
export class BackupEndpointFile {
  readonly token = randomBytes(24).toString('base64url');
  private path: string | null = null;

  constructor(private readonly dataDir: string | null) {}

  /** Called once the HTTP server listens. */
  publish(address: AddressInfo | string | null): void {
    if (!this.dataDir || !address || typeof address === 'string') return;
    this.path = join(this.dataDir, ENDPOINT_FILE);
    const endpoint: BackupEndpoint = { pid: process.pid, port: address.port, token: this.token };
    writeFileSync(this.path, JSON.stringify(endpoint), { mode: 0o600 });
  }

  /** Only while the file is still this process's: never another app's on the same folder. */
  remove(): void {
    if (this.path && this.isMine(this.path)) rmSync(this.path, { force: true });
    this.path = null;
  }

  private isMine(path: string): boolean {
    try {
      return (JSON.parse(readFileSync(path, 'utf8')) as BackupEndpoint).token === this.token;
    } catch {
      return false;
    }
  }
}
