import { mkdir } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';

export interface EmbeddedPostgres {
  readonly host: string;
  readonly port: number;
  stop(): Promise<void>;
}

type WorkerReply = { type: 'ready'; host: string; port: number } | { type: 'failed'; message: string };

/**
 * PGlite served over the PostgreSQL wire protocol on a free loopback port, so the rest of the code
 * talks to it with the ordinary `pg` driver.
 *
 * It runs in a worker thread: the WebAssembly engine then never blocks the main event loop, and
 * PGlite's internal dynamic `import()` calls work even where the host cannot run them (Jest's VM).
 * The worker is an inline CommonJS script, so it needs no build step; module paths are resolved
 * here, where the package resolution of the host applies.
 *
 * pglite-socket funnels every connection into the ONE PGlite session (one query queue, one backend):
 * two connections interleaving transactions would share them. Callers must keep to a single
 * connection; the spare slots only cover a reconnect while an old socket is still closing.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  // PGlite creates the data folder itself, but not its parents.
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  const worker = new Worker(workerScript, {
    eval: true,
    workerData: {
      dataDir,
      pglitePath: require.resolve('@electric-sql/pglite'),
      socketPath: require.resolve('@electric-sql/pglite-socket'),
    },
  });
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  let crash: unknown;
  // Without a listener a crash of the engine would take the whole process down with it; queries
  // fail loudly anyway once it is gone.
  worker.on('error', (error) => {
    crash = error;
    console.error('Embedded PostgreSQL (PGlite) crashed', error);
  });
  const reply = await new Promise<WorkerReply>((resolve, reject) => {
    worker.once('message', resolve);
    void exited.then((code) => reject(crash ?? new Error(`PGlite worker exited early with code ${code}`)));
  });
  if (reply.type === 'failed') {
    await exited;
    throw new Error(`PGlite failed to start in ${dataDir}: ${reply.message}`);
  }
  let stopping: Promise<void> | undefined;
  return {
    host: reply.host,
    port: reply.port,
    stop() {
      stopping ??= (async () => {
        worker.postMessage('stop');
        const code = await exited;
        if (code !== 0) throw crash ?? new Error(`PGlite worker stopped with code ${code}`);
      })();
      return stopping;
    },
  };
}

const workerScript = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglitePath);
const { PGLiteSocketServer } = require(workerData.socketPath);

(async () => {
  let pglite;
  let server;
  try {
    // New WAL segments zero-filled on creation stall every write for 100-300 ms each 16 MB of WAL.
    pglite = await PGlite.create(workerData.dataDir, {
      startParams: [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'],
    });
    server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 3 });
    await server.start();
  } catch (error) {
    if (pglite) await pglite.close().catch(() => undefined);
    parentPort.postMessage({ type: 'failed', message: String(error && error.stack || error) });
    process.exit(1);
  }
  const address = server.getServerConn();
  const separator = address.lastIndexOf(':');
  parentPort.postMessage({ type: 'ready', host: address.slice(0, separator), port: Number(address.slice(separator + 1)) });
  parentPort.once('message', async () => {
    try {
      await server.stop();
      await pglite.close();
      process.exit(0);
    } catch (error) {
      console.error('PGlite worker failed to stop', error);
      process.exit(2);
    }
  });
})();
`;
