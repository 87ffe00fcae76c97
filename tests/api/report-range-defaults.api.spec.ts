import { useTestApp } from './support/use-test-app';

/** GET /api/reports/summary with only `to`: the report covers the Lagos month that `to` ends in. */
describe('report summary range defaults', () => {
  const app = useTestApp();

  const summary = (query: string) => app.manager.get(`/api/reports/summary?${query}`);

  it('starts at the first of the Lagos month of `to`', async () => {
    const report = await summary(`to=${encodeURIComponent('2026-11-15T12:00:00+01:00')}`);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ from: '2026-10-31T23:00:00.000Z', to: '2026-11-15T11:00:00.000Z' });
  });

  it('reports the month before when `to` is the first instant of a month (`to` is exclusive)', async () => {
    const report = await summary(`to=${encodeURIComponent('2026-11-01T00:00:00+01:00')}`);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ from: '2026-09-30T23:00:00.000Z', to: '2026-10-31T23:00:00.000Z' });
  });

  it('still refuses a `from` after `to`', async () => {
    const report = await summary('from=2026-11-02&to=2026-11-01');
    expect(report.status).toBe(400);
    expect(report.body).toEqual({ message: '`from` must be before `to`' });
  });
});
