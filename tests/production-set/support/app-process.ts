import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '..', '..', '..');

/**
 * A gateway or projector as a real child process of the built tree (`npm run serve` / `npm run
 * projector` run exactly these files), with its output kept to wait on and to show on failure.
 */
export class AppProcess {
  readonly output: string[] = [];
  private readonly child: ChildProcess;
  private readonly exited: Promise<number | null>;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly name: string,
    script: 'services/dist/main.js' | 'services/dist/projector.main.js',
    env: NodeJS.ProcessEnv,
  ) {
    this.child = spawn(process.execPath, [script], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer) => {
      // Nest colours its log lines; strip the escapes so they can be matched.
      this.output.push(
        ...chunk
          .toString()
          .replace(/\x1b\[[0-9;]*m/g, '')
          .split('\n')
          .filter(Boolean),
      );
      for (const listener of this.listeners) listener();
    };
    this.child.stdout!.on('data', collect);
    this.child.stderr!.on('data', collect);
    this.exited = new Promise((done) => this.child.once('exit', (code) => done(code)));
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves with the first output line matching `pattern`; rejects on timeout or exit. */
  waitForLine(pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
    return new Promise((resolveLine, reject) => {
      const check = () => {
        for (const line of this.output) {
          const match = line.match(pattern);
          if (match) return finish(() => resolveLine(match));
        }
        if (!this.running) finish(() => reject(new Error(`${this.name} exited:\n${this.output.join('\n')}`)));
      };
      const timer = setTimeout(
        () =>
          finish(() =>
            reject(new Error(`${this.name}: no line ${pattern} in ${timeoutMs} ms:\n${this.output.join('\n')}`)),
          ),
        timeoutMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        this.child.off('exit', check);
        settle();
      };
      this.listeners.add(check);
      this.child.on('exit', check);
      check();
    });
  }

  /** Sends `signal` to this process (by its pid) and resolves with its exit code (null when killed). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.running) this.child.kill(signal);
    return this.exited;
  }
}
