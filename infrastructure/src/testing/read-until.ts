/**
 * Reads until `done` holds and returns that read. On a shared PostgreSQL server an event becomes
 * readable only once every older transaction of the cluster has ended, so reads lag appends a bit.
 */
export async function readUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
