import { ConcurrencyGate, GateFull } from './concurrency-gate';

/** A task the test finishes by hand, so the order of events is exact (no timing). */
function manualTask() {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: () => {
      started = true;
      return done;
    },
    get started() {
      return started;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyGate', () => {
  it('runs at most `concurrency` tasks, queues `maxWaiting` in order, and refuses the rest at once', async () => {
    const gate = new ConcurrencyGate(2, 2);
    const tasks = Array.from({ length: 5 }, manualTask);
    const runs = tasks.map((task) =>
      gate.run(task.run).then(
        () => 'done',
        (error: unknown) => error,
      ),
    );
    await settle();
    expect(tasks.map((task) => task.started)).toEqual([true, true, false, false, false]);
    expect(await runs[4]).toBeInstanceOf(GateFull);

    tasks[1]!.finish();
    await settle();
    expect(tasks.map((task) => task.started)).toEqual([true, true, true, false, false]);
    tasks[0]!.finish();
    tasks[2]!.finish();
    await settle();
    expect(tasks[3]!.started).toBe(true);
    tasks[3]!.finish();
    expect(await Promise.all(runs.slice(0, 4))).toEqual(['done', 'done', 'done', 'done']);

    // All slots free again: a failing task releases its slot too.
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const again = [manualTask(), manualTask()];
    const both = again.map((task) => gate.run(task.run));
    await settle();
    expect(again.map((task) => task.started)).toEqual([true, true]);
    again.forEach((task) => task.finish());
    await Promise.all(both);
  });
});
