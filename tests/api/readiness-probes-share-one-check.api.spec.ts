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
    let checks = 0;
    const count = (query: { sql?: string }) => {
      if (query.sql === 'select 1') checks += 1;
    };
    knex.on('query', count);
    const probes = 100;
    const answers = await Promise.all(
      Array.from({ length: probes }, () =>
        fetch(`${app.url}/api/ready`).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { ready: boolean },
        })),
      ),
    );
    knex.off('query', count);

    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(answers.every((answer) => answer.body.ready === true)).toBe(true);
    expect(checks).toBeGreaterThanOrEqual(1);
    expect(checks).toBeLessThan(probes / 2);
  });
});
