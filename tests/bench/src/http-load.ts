import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface HttpCall {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: unknown;
  readonly cookie?: string;
}

export interface HttpAnswer {
  readonly status: number;
  readonly text: string;
  readonly setCookie: string | null;
}

export interface LoadResult {
  readonly requests: number;
  readonly errors: number;
  readonly firstError: string | null;
  readonly seconds: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** CPU milliseconds the server used per measured request (null when it cannot be measured). */
  readonly serverCpuMsPerRequest: number | null;
}

/** A keep-alive client for one server on the loopback interface (the benchmark never leaves it). */
export class LoopbackClient {
  private readonly agent: Agent;
  private readonly port: number;

  constructor(baseUrl: string, maxSockets: number) {
    const url = new URL(baseUrl);
    if (url.hostname !== '127.0.0.1') throw new Error(`The benchmark only targets 127.0.0.1, not ${url.hostname}`);
    this.port = Number(url.port);
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  send(call: HttpCall): Promise<HttpAnswer> {
    const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers: Record<string, string | number> = {};
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    if (call.cookie) headers.cookie = call.cookie;
    return new Promise((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: this.port, method: call.method, path: call.path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const cookie = res.headers['set-cookie']?.[0]?.split(';')[0] ?? null;
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), setCookie: cookie });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface LoadOptions {
  readonly client: LoopbackClient;
  readonly clients: number;
  readonly warmupSeconds: number;
  readonly seconds: number;
  /** The next request of virtual client `clientIndex`, its `sequence`-th. */
  readonly nextCall: (clientIndex: number, sequence: number) => HttpCall;
  readonly expectStatus: number;
  /** Sampled when the measured window starts and after its last request, for serverCpuMsPerRequest. */
  readonly cpu?: { sample(): Promise<number | null> };
}

/**
 * `clients` virtual clients, each sending its next request as soon as the previous answer is in
 * (closed loop). Requests started during the warm-up are not counted; the run is bounded by time.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const start = performance.now();
  const measureFrom = start + options.warmupSeconds * 1000;
  const measureUntil = measureFrom + options.seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let cpuAtStart: Promise<number | null> = Promise.resolve(null);
  const startSampling = setTimeout(() => {
    cpuAtStart = options.cpu?.sample() ?? Promise.resolve(null);
  }, options.warmupSeconds * 1000);

  const virtualClient = async (clientIndex: number) => {
    for (let sequence = 0; ; sequence++) {
      const sentAt = performance.now();
      if (sentAt >= measureUntil) return;
      const measured = sentAt >= measureFrom;
      let failure: string | null = null;
      try {
        const answer = await options.client.send(options.nextCall(clientIndex, sequence));
        if (answer.status !== options.expectStatus) failure = `HTTP ${answer.status}: ${answer.text.slice(0, 200)}`;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      if (!measured) continue;
      if (failure) {
        errors += 1;
        firstError ??= failure;
        // An erroring server answers fast: do not let it spin, and do not count it as throughput.
        await new Promise((resolve) => setTimeout(resolve, 5));
      } else {
        latencies.push(performance.now() - sentAt);
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, index) => virtualClient(index)));
  clearTimeout(startSampling);
  const cpuBefore = await cpuAtStart;
  const cpuAfter = cpuBefore === null ? null : ((await options.cpu?.sample()) ?? null);
  const measured = latencies.length + errors;

  latencies.sort((a, b) => a - b);
  const quantile = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    requests: latencies.length,
    errors,
    firstError,
    seconds: options.seconds,
    perSecond: latencies.length / options.seconds,
    p50Ms: quantile(0.5),
    p99Ms: quantile(0.99),
    maxMs: latencies.at(-1) ?? NaN,
    serverCpuMsPerRequest:
      cpuBefore === null || cpuAfter === null || measured === 0 ? null : ((cpuAfter - cpuBefore) * 1000) / measured,
  };
}
