/**
 * The body of the PGlite worker thread (see embedded-postgres.ts): an inline CommonJS script, so it
 * needs no build step and runs the same under Jest's VM and from dist.
 *
 * It serves PGlite over the PostgreSQL wire protocol itself instead of through pglite-socket's
 * server, for speed: pglite-socket hands PGlite one protocol message per call and writes each reply
 * chunk to the socket separately, so one parameterised query (Parse, Bind, Describe, Execute, Sync)
 * cost five engine calls and a dozen small socket writes. Here every complete message that has
 * arrived goes to PGlite in ONE call (PGlite's backend loop processes batched messages, as a server
 * processes a pipeline) and the whole reply leaves in ONE write: about twice the queries per second
 * measured on this machine.
 *
 * Connections arrive over a MessagePort from the host thread (WorkerPortStream) or, when asked
 * for, over a loopback TCP port (any PostgreSQL client: the same protocol, with a TCP stack).
 *
 * PGlite is a single session: a connection that holds an open transaction keeps the engine to
 * itself until it commits or rolls back (as pglite-socket does), and a connection that goes away
 * mid-transaction has it rolled back, so the next one does not inherit it.
 */
export const pgliteWorkerScript = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglitePath);

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

/** The one query queue of the one PGlite session; a connection is { send(bytes), close(error?), closed }. */
function createEngine(db) {
  const queue = [];
  let busy = false;
  let owner = null;

  const pump = () => {
    if (busy || queue.length === 0) return;
    let index = 0;
    if (owner && db.isInTransaction()) {
      index = queue.findIndex((item) => item.connection === owner);
      if (index < 0) return;
    }
    const [item] = queue.splice(index, 1);
    busy = true;
    item.run().then(
      () => { owner = item.connection; },
      (error) => { item.connection.close(error instanceof Error ? error : new Error(String(error))); },
    ).finally(() => { busy = false; pump(); });
  };

  const execute = (connection, packet) => {
    queue.push({
      connection,
      run: async () => {
        const chunks = [];
        let size = 0;
        await db.runExclusive(() =>
          db.execProtocolRawStream(packet, {
            onRawData: (data) => {
              chunks.push(Uint8Array.prototype.slice.call(data));
              size += data.length;
            },
          }),
        );
        if (size > 0 && !connection.closed) {
          // One exact-size buffer: a port transfers it without a copy, a socket writes it once.
          let reply = chunks[0];
          if (chunks.length > 1) {
            reply = new Uint8Array(size);
            let offset = 0;
            for (const chunk of chunks) {
              reply.set(chunk, offset);
              offset += chunk.length;
            }
          }
          connection.send(reply);
        }
      },
    });
    pump();
  };

  const release = (connection) => {
    for (let index = queue.length - 1; index >= 0; index--) {
      if (queue[index].connection === connection) queue.splice(index, 1);
    }
    if (owner !== connection) return;
    queue.unshift({
      connection,
      run: async () => {
        if (db.isInTransaction()) await db.exec('ROLLBACK');
        owner = null;
      },
    });
    pump();
  };

  /** Returns the function that takes the connection's incoming bytes, in order. */
  const accept = (connection) => {
    let startedUp = false;
    let pending = Buffer.alloc(0);
    // A large message arrives in many chunks: gather them and join once it is whole, not per chunk.
    let parts = [];
    let partsSize = 0;
    let needed = 0;
    return (data) => {
      parts.push(data);
      partsSize += data.length;
      if (partsSize < needed) return;
      pending = parts.length === 1 ? parts[0] : Buffer.concat(parts, partsSize);
      parts = [];
      partsSize = 0;
      needed = 0;
      let end = 0;
      while (pending.length - end >= 5) {
        if (!startedUp) {
          // Untyped start-up phase: length, then a code.
          if (pending.length - end < 8) break;
          const length = pending.readInt32BE(end);
          const code = pending.readInt32BE(end + 4);
          if (pending.length - end < length) break;
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            connection.send(new Uint8Array([0x4e])); // 'N': no TLS here; a fresh buffer, as a port transfers it
            pending = pending.subarray(end + length);
            end = 0;
            continue;
          }
          if (code === CANCEL_REQUEST) {
            connection.close();
            return;
          }
          startedUp = true;
          execute(connection, new Uint8Array(pending.subarray(end, end + length)));
          pending = pending.subarray(end + length);
          end = 0;
          continue;
        }
        const length = 1 + pending.readInt32BE(end + 1);
        if (pending.length - end < length) break;
        if (pending[end] === 0x58) {
          // Terminate: run what came before it, then close.
          if (end > 0) execute(connection, new Uint8Array(pending.subarray(0, end)));
          pending = Buffer.alloc(0);
          connection.close();
          return;
        }
        end += length;
      }
      if (end > 0) {
        execute(connection, new Uint8Array(pending.subarray(0, end)));
        pending = pending.subarray(end);
      }
      if (pending.length > 0) {
        parts = [pending];
        partsSize = pending.length;
        // A typed message announces its length: wait for all of it before joining again.
        needed = startedUp && pending.length >= 5 ? 1 + pending.readInt32BE(1) : 0;
      }
    };
  };

  return { accept, release };
}

function serveTcp(engine) {
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    const connection = {
      get closed() { return socket.destroyed; },
      send: (bytes) => socket.write(bytes),
      close: (error) => (error ? socket.destroy(error) : socket.end()),
    };
    const receive = engine.accept(connection);
    socket.on('data', receive);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      engine.release(connection);
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ address: server.address(), stop }));
  });
}

function servePort(engine, port) {
  let closed = false;
  const connection = {
    get closed() { return closed; },
    send: (bytes) => port.postMessage(bytes, [bytes.buffer]),
    close: () => port.close(),
  };
  const receive = engine.accept(connection);
  port.on('message', (data) => receive(Buffer.from(data.buffer, data.byteOffset, data.byteLength)));
  port.on('close', () => {
    closed = true;
    engine.release(connection);
  });
}

(async () => {
  let pglite;
  let server;
  let engine;
  try {
    // New WAL segments zero-filled on creation stall every write for 100-300 ms each 16 MB of WAL.
    pglite = await PGlite.create(workerData.dataDir, {
      startParams: [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'],
    });
    engine = createEngine(pglite);
    if (workerData.tcp) server = await serveTcp(engine);
  } catch (error) {
    if (pglite) await pglite.close().catch(() => undefined);
    parentPort.postMessage({ type: 'failed', message: String((error && error.stack) || error) });
    process.exit(1);
  }
  parentPort.on('message', async (message) => {
    if (message && message.type === 'connect') return servePort(engine, message.port);
    try {
      if (server) await server.stop();
      await pglite.close();
      process.exit(0);
    } catch (error) {
      console.error('PGlite worker failed to stop', error);
      process.exit(2);
    }
  });
  parentPort.postMessage({ type: 'ready', tcp: server ? { host: server.address.address, port: server.address.port } : null });
})();
`;
