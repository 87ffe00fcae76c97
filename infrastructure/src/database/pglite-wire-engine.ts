import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

/** One client connection of the engine, over a socket or a MessagePort. */
export interface WireConnection {
  readonly closed: boolean;
  send(bytes: Uint8Array): void;
  close(error?: Error): void;
}

export interface WireEngine {
  /** Returns the function that takes the connection's incoming bytes, in order. */
  accept(connection: WireConnection): (data: Buffer) => void;
  /** The connection went away: drop its queued work, roll back a transaction it left open. */
  release(connection: WireConnection): void;
}

interface QueuedWork {
  readonly connection: WireConnection;
  run(): Promise<void>;
}

/**
 * PGlite served over the PostgreSQL wire protocol, for speed: every complete message that has
 * arrived goes to PGlite in ONE call (its backend loop processes batched messages, as a server
 * processes a pipeline) and the whole reply leaves in ONE write. pglite-socket instead hands PGlite
 * one message per call and writes each reply chunk separately: one parameterised query (Parse,
 * Bind, Describe, Execute, Sync) cost five engine calls and a dozen small writes; this is about
 * twice the queries per second measured on this machine.
 *
 * PGlite is a single session: a connection that holds an open transaction keeps the engine to
 * itself until it commits or rolls back (as pglite-socket does), and a connection that goes away
 * mid-transaction has it rolled back, so the next one does not inherit it, and the statements it
 * prepared dropped, so a pool that keeps replacing connections does not pile them up in the session.
 */
export function createWireEngine(db: PGlite): WireEngine {
  const queue: QueuedWork[] = [];
  let busy = false;
  let owner: WireConnection | null = null;
  /** The statements each connection prepared by name, which go with it as a server session's would. */
  const prepared = new Map<WireConnection, Set<string>>();

  const pump = (): void => {
    if (busy || queue.length === 0) return;
    let index = 0;
    if (owner && db.isInTransaction()) {
      index = queue.findIndex((item) => item.connection === owner);
      if (index < 0) return;
    }
    const [item] = queue.splice(index, 1);
    if (!item) return;
    busy = true;
    item
      .run()
      .then(
        () => {
          owner = item.connection;
        },
        (error: unknown) => item.connection.close(error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => {
        busy = false;
        pump();
      });
  };

  /** `copyIn`: the packet is a whole COPY FROM STDIN; its CopyInResponse was already sent (see accept). */
  const execute = (connection: WireConnection, packet: Uint8Array, copyIn = false): void => {
    queue.push({
      connection,
      run: async () => {
        const chunks: Uint8Array[] = [];
        let size = 0;
        await db.runExclusive(() =>
          db.execProtocolRawStream(packet, {
            onRawData: (data: Uint8Array) => {
              chunks.push(data.slice());
              size += data.length;
            },
          }),
        );
        if (size === 0 || connection.closed) return;
        // One exact-size buffer: a port transfers it without a copy, a socket writes it once.
        const reply = chunks.length === 1 ? chunks[0]! : joinChunks(chunks, size);
        connection.send(copyIn ? withoutMessages(reply, COPY_IN_RESPONSE) : reply);
      },
    });
    pump();
  };

  /** Sends `bytes` once the work queued before it has answered, so replies keep their order. */
  const reply = (connection: WireConnection, bytes: Uint8Array): void => {
    queue.push({ connection, run: async () => void (connection.closed || connection.send(bytes)) });
    pump();
  };

  const release = (connection: WireConnection): void => {
    for (let index = queue.length - 1; index >= 0; index--) {
      if (queue[index]!.connection === connection) queue.splice(index, 1);
    }
    const names = [...(prepared.get(connection) ?? [])];
    prepared.delete(connection);
    if (owner !== connection && names.length === 0) return;
    queue.unshift({
      connection,
      run: async () => {
        if (owner === connection) {
          if (db.isInTransaction()) await db.exec('ROLLBACK');
          owner = null;
        }
        // Its statements go with it (a Parse that failed left none: nothing to drop then).
        for (const name of names) await db.exec(`DEALLOCATE "${name.replaceAll('"', '""')}"`).catch(() => undefined);
      },
    });
    pump();
  };

  const accept = (connection: WireConnection) => {
    const names = new Set<string>();
    prepared.set(connection, names);
    let startedUp = false;
    let pending: Buffer = Buffer.alloc(0);
    // A large message arrives in many chunks: gather them and join once it is whole, not per chunk.
    let parts: Buffer[] = [];
    let partsSize = 0;
    let needed = 0;
    // The messages of a COPY FROM STDIN under way (the query, then its data): PGlite cannot resume a
    // copy across calls, so the client gets a CopyInResponse at once and PGlite the whole of it at the end.
    let copying: Buffer[] | null = null;
    return (data: Buffer): void => {
      parts.push(data);
      partsSize += data.length;
      if (partsSize < needed) return;
      pending = parts.length === 1 ? parts[0]! : Buffer.concat(parts, partsSize);
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
        const type = pending[end];
        if (copying || (type === QUERY && isCopyFromStdin(pending.subarray(end + 5, end + length)))) {
          if (!copying) {
            if (end > 0) execute(connection, new Uint8Array(pending.subarray(0, end)));
            reply(connection, copyInResponse());
            copying = [];
          }
          copying.push(Buffer.from(pending.subarray(end, end + length)));
          pending = pending.subarray(end + length);
          end = 0;
          if (type === COPY_DONE || type === COPY_FAIL) {
            execute(connection, new Uint8Array(Buffer.concat(copying)), true);
            copying = null;
          }
          continue;
        }
        if (type === 0x58) {
          // Terminate: run what came before it, then close.
          if (end > 0) execute(connection, new Uint8Array(pending.subarray(0, end)));
          pending = Buffer.alloc(0);
          connection.close();
          return;
        }
        if (type === PARSE) {
          const name = preparedName(pending, end + 5, end + length);
          if (name) names.add(name);
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

const QUERY = 0x51; // 'Q'
const PARSE = 0x50; // 'P'

/** A Parse message's statement name (the null-terminated string its body starts with); '' is unnamed. */
function preparedName(message: Buffer, start: number, end: number): string {
  const terminator = message.indexOf(0, start);
  return terminator < 0 || terminator >= end ? '' : message.toString('utf8', start, terminator);
}
const COPY_DONE = 0x63; // 'c'
const COPY_FAIL = 0x66; // 'f'
const COPY_IN_RESPONSE = 0x47; // 'G'

/** A simple-protocol query text that starts a COPY ... FROM STDIN. */
function isCopyFromStdin(body: Buffer): boolean {
  const head = body.subarray(0, 8).toString('latin1');
  if (!/^\s*copy\s/i.test(head)) return false;
  return /^\s*copy\s[^;]*\sfrom\s+stdin\b[^;]*;?\s*$/i.test(body.toString('utf8').replace(/\0$/, ''));
}

/** CopyInResponse: text format, no per-column formats (clients read the row format, not the count). */
function copyInResponse(): Uint8Array {
  return new Uint8Array([COPY_IN_RESPONSE, 0, 0, 0, 7, 0, 0, 0]);
}

/** `bytes` (whole backend messages) less the messages of `type`. */
function withoutMessages(bytes: Uint8Array, type: number): Uint8Array {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Buffer[] = [];
  for (let offset = 0; offset + 5 <= view.length;) {
    const length = 1 + view.readInt32BE(offset + 1);
    if (view[offset] !== type) kept.push(view.subarray(offset, offset + length));
    offset += length;
  }
  return new Uint8Array(Buffer.concat(kept));
}

function joinChunks(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}
