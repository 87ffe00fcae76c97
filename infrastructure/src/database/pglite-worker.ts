import { createServer, type AddressInfo, type Socket } from 'node:net';
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite, type Extension } from '@electric-sql/pglite';
import { createWireEngine, type WireConnection, type WireEngine } from './pglite-wire-engine';

/**
 * The PGlite worker thread (started by embedded-postgres.ts): one PGlite engine served over the
 * PostgreSQL wire protocol (pglite-wire-engine.ts) to connections that arrive over a MessagePort
 * from the host thread (WorkerPortStream) or, when asked for, over a loopback TCP port (any
 * PostgreSQL client: the same protocol, with a TCP stack).
 */
export interface PgliteWorkerData {
  readonly dataDir: string;
  readonly tcp: boolean;
}

export type PgliteWorkerReply =
  { type: 'ready'; tcp: { host: string; port: number } | null } | { type: 'failed'; message: string };

interface TcpServer {
  readonly address: AddressInfo;
  stop(): Promise<void>;
}

function serveTcp(engine: WireEngine): Promise<TcpServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    const connection: WireConnection = {
      get closed() {
        return socket.destroyed;
      },
      send: (bytes) => void socket.write(bytes),
      close: (error) => void (error ? socket.destroy(error) : socket.end()),
    };
    socket.on('data', engine.accept(connection));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      engine.release(connection);
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ address: server.address() as AddressInfo, stop }));
  });
}

function servePort(engine: WireEngine, port: MessagePort): void {
  let closed = false;
  const connection: WireConnection = {
    get closed() {
      return closed;
    },
    send: (bytes) => port.postMessage(bytes, [bytes.buffer as ArrayBuffer]),
    close: () => port.close(),
  };
  const receive = engine.accept(connection);
  port.on('message', (data: Uint8Array) => receive(Buffer.from(data.buffer, data.byteOffset, data.byteLength)));
  port.on('close', () => {
    closed = true;
    engine.release(connection);
  });
}

async function runWorker(host: MessagePort, { dataDir, tcp }: PgliteWorkerData): Promise<void> {
  const reply = (message: PgliteWorkerReply) => host.postMessage(message);
  let pglite: PGlite | undefined;
  let server: TcpServer | undefined;
  let engine: WireEngine;
  try {
    // New WAL segments zero-filled on creation stall every write for 100-300 ms each 16 MB of WAL.
    pglite = await PGlite.create(dataDir, {
      startParams: [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'],
      extensions: { pg_trgm: trigrams },
    });
    engine = createWireEngine(pglite);
    if (tcp) server = await serveTcp(engine);
  } catch (error) {
    if (pglite) await pglite.close().catch(() => undefined);
    reply({ type: 'failed', message: String((error instanceof Error && error.stack) || error) });
    process.exit(1);
  }
  const running = pglite;
  host.on('message', async (message: { type: 'connect'; port: MessagePort } | { type: 'stop' }) => {
    if (message.type === 'connect') return servePort(engine, message.port);
    try {
      if (server) await server.stop();
      await running.close();
      process.exit(0);
    } catch (error) {
      console.error('PGlite worker failed to stop', error);
      process.exit(2);
    }
  });
  reply({ type: 'ready', tcp: server ? { host: server.address.address, port: server.address.port } : null });
}

/**
 * pg_trgm, for the audit page's trigram indexes (projections' audit-search.schema.ts). Reached
 * through the package's export map, which this build's module resolution does not read for types.
 */
const { pg_trgm: trigrams } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };

if (!isMainThread && parentPort && (workerData as { pglite?: PgliteWorkerData } | null)?.pglite) {
  void runWorker(parentPort, (workerData as { pglite: PgliteWorkerData }).pglite);
}
