import { mkdir } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { claimDataFolder, type DataFolderClaim } from './data-folder-claim';
import type { PgliteWorkerData, PgliteWorkerReply } from './pglite-worker';
import { WorkerPortStream } from './worker-port-stream';

export interface EmbeddedPostgres {
  /** The loopback TCP address for any PostgreSQL client, when started with `tcp`; null otherwise. */
  readonly tcp: { readonly host: string; readonly port: number } | null;
  /** A new connection over a MessagePort (pg's `stream` option): the fast path for this process. */
  openStream(): WorkerPortStream;
  stop(): Promise<void>;
}

/**
 * PGlite served over the PostgreSQL wire protocol (pglite-worker.ts), so the rest of the code
 * talks to it with the ordinary `pg` driver, through `openStream()`. A loopback TCP port is opened
 * only when asked for (`tcp`): it has no password, so the app does not leave one open by default.
 *
 * It runs in a worker thread: the WebAssembly engine then never blocks the main event loop, and
 * PGlite's internal dynamic `import()` calls work even where the host cannot run them (Jest's VM).
 *
 * Every connection shares the ONE PGlite session (one query queue, one backend): callers keep to a
 * single connection, and a second one only waits while the first holds a transaction open.
 *
 * A data folder is claimed before the engine opens it and released once it has closed it
 * (data-folder-claim.ts): a second process on the same folder fails here, having touched nothing.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: { readonly tcp?: boolean } = {},
): Promise<EmbeddedPostgres> {
  let claim: DataFolderClaim | null = null;
  if (!dataDir.includes('://')) {
    // PGlite creates the data folder itself, but not its parents.
    await mkdir(dataDir, { recursive: true });
    claim = claimDataFolder(dataDir);
  }
  try {
    return await startClaimed(dataDir, options.tcp ?? false, claim);
  } catch (error) {
    claim?.release();
    throw error;
  }
}

async function startClaimed(dataDir: string, tcp: boolean, claim: DataFolderClaim | null): Promise<EmbeddedPostgres> {
  const worker = startWorker({ dataDir, tcp });
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  let crash: unknown;
  // Without a listener a crash of the engine would take the whole process down with it; queries
  // fail loudly anyway once it is gone.
  worker.on('error', (error) => {
    crash = error;
    console.error('Embedded PostgreSQL (PGlite) crashed', error);
  });
  const reply = await new Promise<PgliteWorkerReply>((resolve, reject) => {
    worker.once('message', resolve);
    void exited.then((code) => reject(crash ?? new Error(`PGlite worker exited early with code ${code}`)));
  });
  if (reply.type === 'failed') {
    await exited;
    throw new Error(`PGlite failed to start in ${dataDir}: ${reply.message}`);
  }
  let stopping: Promise<void> | undefined;
  return {
    tcp: reply.tcp,
    openStream: () => new WorkerPortStream(worker),
    stop() {
      stopping ??= (async () => {
        worker.postMessage({ type: 'stop' });
        const code = await exited;
        // The engine is gone either way: the folder is free.
        claim?.release();
        if (code !== 0) throw crash ?? new Error(`PGlite worker stopped with code ${code}`);
      })();
      return stopping;
    },
  };
}

/**
 * The worker runs pglite-worker.js from dist; under the test runner, which loads sources, the same
 * module as TypeScript, compiled as it loads by swc (a dev dependency, present wherever tests run).
 */
function startWorker(data: PgliteWorkerData): Worker {
  const entry = require.resolve('./pglite-worker');
  const workerData = { pglite: data };
  if (!entry.endsWith('.ts')) return new Worker(entry, { workerData });
  const bootstrap = `
    const { readFileSync } = require('node:fs');
    const { transformSync } = require(${JSON.stringify(require.resolve('@swc/core'))});
    require.extensions['.ts'] = (module, filename) => module._compile(transformSync(readFileSync(filename, 'utf8'), {
      filename, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' },
    }).code, filename);
    require(${JSON.stringify(entry)});`;
  return new Worker(bootstrap, { eval: true, workerData });
}
