import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** The real gateway in its own Node process, started from its TypeScript (see ts-server.entry.cjs). */
export interface ChildServer {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly pid: number;
  /** kill -9: no shutdown hook runs, whatever was in flight is cut. */
  crash(): Promise<void>;
  /** SIGTERM: the server closes the database cleanly. */
  stop(): Promise<void>;
}

const entry = join(__dirname, 'ts-server.entry.cjs');
const READY = /running at http:\/\/[^\s:]+:(\d+)/;

/** This process's environment with `env` over it; a key set to undefined is left out (e.g. DATABASE_URL). */
function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  return merged;
}

export async function startChildServer(
  env: Record<string, string | undefined>,
  timeoutMs = 150_000,
): Promise<ChildServer> {
  const child = spawn(process.execPath, [entry], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 200) output.shift();
  };
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const port = await new Promise<number>((resolve, reject) => {
    let buffered = '';
    let ready = false;
    const timer = setTimeout(() => fail('did not start in time'), timeoutMs);
    const fail = (why: string) => {
      if (ready) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`gateway child ${why}\n${output.join('').slice(-3000)}`));
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      buffered += chunk.toString('utf8');
      const match = READY.exec(buffered);
      if (match && !ready) {
        ready = true;
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => fail(`exited with code ${code} before it was ready`));
  });

  const signal = async (name: NodeJS.Signals, process: ChildProcess) => {
    if (process.exitCode !== null || process.signalCode !== null) return;
    process.kill(name);
    await exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    crash: () => signal('SIGKILL', child),
    stop: async () => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await signal('SIGTERM', child);
      clearTimeout(timer);
    },
  };
}

/**
 * A gateway child expected to refuse to start: its exit code and everything it printed. Should it
 * start after all, it is stopped with SIGTERM (as an operator would) and its code returned.
 */
export async function runChildServerToExit(
  env: Record<string, string | undefined>,
  timeoutMs = 150_000,
): Promise<{ code: number | null; started: boolean; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [entry], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let started = false;
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    if (!started && READY.test(stdout)) {
      started = true;
      child.kill('SIGTERM');
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  // 'close' rather than 'exit': every byte it printed has been read by then.
  const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, started, stdout, stderr };
}
