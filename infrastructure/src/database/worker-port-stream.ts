import { Duplex } from 'node:stream';
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';

/**
 * A socket-shaped stream to the PGlite worker over a MessagePort, for `pg`'s `stream` option: the
 * same wire protocol as over the loopback port, without a TCP stack on either side. Under load the
 * loopback socket writes cost more CPU than PGlite's own work; a port message costs a copy.
 *
 * pg writes the messages of one query (Parse, Bind, Execute, Sync) one by one in the same tick:
 * they are gathered and posted as one message, so the worker sees the whole query at once.
 */
export class WorkerPortStream extends Duplex {
  private port: MessagePort | null = null;
  private pending: Buffer[] = [];
  private flushScheduled = false;

  constructor(private readonly worker: Worker) {
    super();
  }

  /** pg calls connect(port, host) as on a net.Socket; the worker is this stream's only peer. */
  connect(): this {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    port1.on('message', (data: Uint8Array | { type: 'closed' }) => {
      if (data instanceof Uint8Array) this.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      else this.closeFromPeer();
    });
    port1.on('close', () => this.closeFromPeer());
    this.worker.postMessage({ type: 'connect', port: port2 }, [port2]);
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (!this.port) return callback(new Error('Not connected to the PGlite worker'));
    this.pending.push(chunk);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      queueMicrotask(() => this.flush());
    }
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush();
    this.port?.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.port?.close();
    this.port = null;
    callback(error);
  }

  private flush(): void {
    this.flushScheduled = false;
    if (!this.port || this.pending.length === 0) return;
    // An exact-size copy, transferred: posting a small Buffer would clone its whole 8 KB pool slab.
    const message = new Uint8Array(this.pending.reduce((size, chunk) => size + chunk.length, 0));
    let offset = 0;
    for (const chunk of this.pending) {
      message.set(chunk, offset);
      offset += chunk.length;
    }
    this.pending = [];
    this.port.postMessage(message, [message.buffer]);
  }

  private closeFromPeer(): void {
    if (this.destroyed) return;
    this.push(null);
    this.destroy();
  }
}
