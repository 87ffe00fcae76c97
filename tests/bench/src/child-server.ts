import { spawn, type ChildProcess } from 'node:child_process';

export interface ChildServer {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * Starts a server script in its own Node process, so the load generator (this process) and the
 * server do not share an event loop, and waits for the line announcing its port.
 */
export async function startChildServer(options: {
  readonly script: string;
  readonly env: Record<string, string | undefined>;
  /** Matches the start-up line; group 1 is the port. */
  readonly ready: RegExp;
  readonly timeoutMs?: number;
}): Promise<ChildServer> {
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, options.script], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 200) output.shift();
  };
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const port = await new Promise<number>((resolve, reject) => {
    let buffered = '';
    let settled = false;
    const timer = setTimeout(() => fail(new Error('did not start in time')), options.timeoutMs ?? 120_000);
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${options.script}: ${error.message}\n${output.join('').slice(-3000)}`));
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      // Once the port is known the server's request log is only kept, never searched: matching the
      // whole log on every chunk cost the load generator most of a core under load.
      if (settled) return;
      buffered += chunk.toString('utf8');
      const match = options.ready.exec(buffered);
      if (match) {
        settled = true;
        clearTimeout(timer);
        buffered = '';
        resolve(Number(match[1]));
      }
    });
    void exited.then((code) => fail(new Error(`exited with code ${code} before it was ready`)));
  });

  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    stop: () => stopChild(child, exited),
  };
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}
