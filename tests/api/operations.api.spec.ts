import { startTestApp } from './support/test-app';
import { useTestApp } from './support/use-test-app';

const METRICS_TOKEN = 'metrics-token-for-tests-0123';

const product = (sku: string) => ({
  name: 'Readiness Balm',
  sku,
  category: 'Body Care',
  price: '1500.00',
  costPrice: '900',
  currentStock: 3,
  minStockLevel: 1,
  description: '',
  images: [],
});

describe('readiness, liveness and metrics', () => {
  const app = useTestApp({ metricsToken: METRICS_TOKEN, readyMaxProjectionLag: 1 });

  const scrape = (token?: string) =>
    fetch(`${app.url}/api/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('is alive and ready without a session while everything is up', async () => {
    expect((await app.client().get('/api/health')).body).toEqual({ status: 'ok' });
    const ready = await app.client().get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: 'ready',
      ready: true,
      checks: { database: 'ok', eventStore: 'ok', projections: 'ok', projectionLag: 0, maxLag: 1 },
    });
  });

  it('serves Prometheus metrics only with the bearer token', async () => {
    expect((await scrape()).status).toBe(401);
    expect(await (await scrape('wrong-token-wrong-token')).json()).toEqual({
      message: 'A valid metrics token is required',
    });

    expect((await app.manager.post('/api/products', product('READY-01'))).status).toBe(201);
    await app.manager.get('/api/products');
    const response = await scrape(METRICS_TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain;.*version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/products",status="200"\} [1-9]/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="POST",route="\/api\/products"\} [1-9]/m);
    // The manager's creation on the first start, then the product.
    expect(text).toMatch(/^events_appended_total [1-9]/m);
    expect(text).toMatch(/^projection_lag_events\{projection="products"\} 0$/m);
    expect(text).toMatch(/^projection_set_aside_events\{projection="stock_ledger"\} 0$/m);
  });

  it('answers 503 while the read models lag behind the store', async () => {
    await app.infrastructure.runner.stop();
    // The write stands (its event is stored); the read model does not follow with the runner stopped,
    // so the answer, read back from it, is a 404.
    const headBefore = await app.infrastructure.eventStore.newestCommittedPosition();
    await app.manager.post('/api/products', product('READY-02'));
    expect(await app.infrastructure.eventStore.newestCommittedPosition()).not.toEqual(headBefore);
    const ready = await app.client().get('/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({
      message: 'Not ready: projections lagging',
      ready: false,
      checks: { database: 'ok', eventStore: 'ok', projections: 'lagging' },
    });
    expect(ready.body.checks.projectionLag).toBeGreaterThanOrEqual(1);
    const text = await (await scrape(METRICS_TOKEN)).text();
    expect(text).toMatch(
      new RegExp(`^projection_lag_events\\{projection="products"\\} ${ready.body.checks.projectionLag}$`, 'm'),
    );
  });
});

describe('metrics without METRICS_TOKEN', () => {
  it('are not served at all', async () => {
    const app = await startTestApp();
    try {
      const response = await app.client().get('/api/metrics');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Metrics are disabled: set METRICS_TOKEN' });
    } finally {
      await app.close();
    }
  });
});
