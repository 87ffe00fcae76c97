import { useTestApp } from './support/use-test-app';

/**
 * GET /api/ready is public: anyone can send hundreds at once. Each ran its own database and event
 * store checks, so a flood of them queued on PGlite's one connection until the checks timed out and
 * the gateway answered 503 "Not ready" to its load balancer. Probes that arrive while a check is under
 * way now share its answer: a flood costs one check at a time.
 */
describe('readiness probes sent at once', () => {
  const app = useTestApp({}, { signInManager: false });

  it('answer 200 ready from checks shared between them, far fewer than the probes', async () => {
    const knex = app.infrastructure.database.knex;
    const probes = 100;
    // The checkpoints are locked until every probe has reached the server, so the first check is
    // still under way when the last probe arrives whatever the machine's speed (on PGlite the lock's
    // transaction holds its one connection; on PostgreSQL the lag check waits for the lock). Held
    // well under the check's own timeout.
    const server = app.app.getHttpServer() as import('node:http').Server;
    let arrived = 0;
    let allArrived!: () => void;
    const everyProbe = new Promise<void>((resolve) => (allArrived = resolve));
    const onRequest = (request: import('node:http').IncomingMessage) => {
      if (request.url === '/api/ready' && ++arrived === probes) allArrived();
    };
    server.on('request', onRequest);
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const lock = knex.transaction(async (trx) => {
      await trx.raw('lock table projection_checkpoints in access exclusive mode');
      locked();
      await Promise.race([everyProbe, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      // The last probes' way from the socket to the controller: a few turns of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await isLocked;
    let checks = 0;
    const count = (query: { sql?: string }) => {
      if (query.sql === 'select 1') checks += 1;
    };
    knex.on('query', count);
    const answers = await Promise.all(
      Array.from({ length: probes }, () =>
        fetch(`${app.url}/api/ready`).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { ready: boolean },
        })),
      ),
    );
    await lock;
    knex.off('query', count);
    server.off('request', onRequest);

    expect(arrived).toBe(probes);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(answers.every((answer) => answer.body.ready === true)).toBe(true);
    expect(checks).toBeGreaterThanOrEqual(1);
    expect(checks).toBeLessThan(probes / 2);
  });
});
