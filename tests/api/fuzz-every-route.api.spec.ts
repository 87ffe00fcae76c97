import { positionToString } from '../../services/src/event-store';
import type { ApiClient } from './support/api-client';
import {
  contractFieldNames,
  fillPath,
  randomBody,
  randomQuery,
  seededRandom,
  type FuzzVocabulary,
} from './support/fuzz-inputs';
import { STOREFRONT_TOKEN } from './support/online-order-helpers';
import { startTestApp, type TestApp } from './support/test-app';

/** Requests per route and role; with ~45 routes and 4 roles this stays well under a minute per engine. */
const REQUESTS_PER_ROUTE_AND_ROLE = Number(process.env.FUZZ_REQUESTS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

interface Route {
  readonly method: string;
  readonly path: string;
}

/** Every route the running Express app serves, read from its router: a new controller is fuzzed without a list to update. */
function routesOf(app: TestApp): Route[] {
  const instance = app.app.getHttpAdapter().getInstance() as {
    router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
  };
  const routes: Route[] = [];
  for (const layer of instance.router.stack) {
    if (!layer.route || typeof layer.route.path !== 'string') continue;
    for (const method of Object.keys(layer.route.methods)) {
      if (method !== '_all') routes.push({ method: method.toUpperCase(), path: layer.route.path });
    }
  }
  return routes;
}

type Role = 'anonymous' | 'storefront' | 'assistant' | 'manager';

/**
 * Hostile and careless input on every route as every role (issue 9, "must show"): no response is
 * 5xx, every refusal is JSON `{ message }` without a stack trace, and a refused request writes no event.
 */
describe(`fuzz: every route and role (FUZZ_SEED=${SEED})`, () => {
  let app: TestApp;
  let clients: Record<Role, ApiClient>;
  let vocabulary: FuzzVocabulary;
  let routes: Route[];

  const signIn = async (role: Role) => {
    if (role === 'manager') return app.signIn('manager', app.managerPassword);
    if (role === 'assistant') return app.signIn('fuzz-assistant', 'assistant-secret-1');
    return app.client();
  };

  beforeAll(async () => {
    console.log(`fuzz seed ${SEED}: replay with FUZZ_SEED=${SEED}`);
    app = await startTestApp({ storefrontToken: STOREFRONT_TOKEN });
    const manager = await app.signIn('manager', app.managerPassword);
    const assistant = await manager.post('/api/users', { username: 'fuzz-assistant', password: 'assistant-secret-1' });
    const spare = await manager.post('/api/users', { username: 'fuzz-spare', password: 'spare-secret-1' });
    const product = await manager.post('/api/products', {
      name: 'Fuzz Serum',
      sku: 'FUZZ-1',
      category: 'Skincare Products',
      price: '1500',
      currentStock: 500,
    });
    const movement = await manager.post('/api/transactions', {
      productId: product.body.id,
      type: 'in',
      quantity: 2,
      unitPrice: '900',
      reason: 'purchase',
    });
    const support = await app.client().post('/api/customer-support', {
      fullName: 'Ada Obi',
      email: 'ada@example.com',
      complaint: 'My parcel is late',
    });
    const order = await app.client().request(
      'POST',
      '/api/online-orders',
      { customerName: 'Bola', items: [{ productId: product.body.id, quantity: 1 }] },
      {
        authorization: `Bearer ${STOREFRONT_TOKEN}`,
      },
    );
    const sale = await manager.post('/api/sales', {
      saleId: 'CASH-FUZZ-1',
      items: [{ productId: product.body.id, quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(
      [assistant, spare, product, movement, support, order, sale]
        .map((created) => created.status)
        .filter((status) => status >= 300),
    ).toEqual([]);
    // Sign-in reads the users read model: wait until the projections have caught up with the setup.
    expect(await app.infrastructure.runner.waitFor((await app.infrastructure.eventStore.headPosition())!, 60_000)).toBe(
      true,
    );
    // The assistant's and the manager's own ids are left out: a fuzzed request could switch them off.
    vocabulary = {
      fields: contractFieldNames(),
      knownIds: [
        spare.body.id,
        product.body.id,
        movement.body.id,
        String(support.body.id),
        order.body.id,
        'CASH-FUZZ-1',
      ],
    };
    clients = {
      anonymous: app.client(),
      storefront: app.client(),
      assistant: await signIn('assistant'),
      manager,
    };
    routes = routesOf(app);
  });
  afterAll(() => app.close());

  const head = async () => {
    const position = await app.infrastructure.eventStore.headPosition();
    return position ? positionToString(position) : null;
  };

  it('finds the routes of every controller', () => {
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/customer-support',
        'POST /api/online-orders',
        'GET /api/reports/transactions.csv',
        'PUT /product-media/uploads/:fileName',
      ]),
    );
    expect(routes.length).toBeGreaterThan(30);
  });

  it('answers every request below 500, refusals as JSON { message }, and a refusal writes no event', async () => {
    const random = seededRandom(SEED);
    const failures: string[] = [];
    const started = Date.now();
    const statuses = new Map<number, number>();
    for (const route of routes) {
      for (const role of Object.keys(clients) as Role[]) {
        for (let attempt = 0; attempt < REQUESTS_PER_ROUTE_AND_ROLE; attempt++) {
          const path = fillPath(random, route.path, vocabulary.knownIds) + randomQuery(random);
          // fetch sends no body with GET (nor does a browser).
          const body = route.method === 'GET' || route.method === 'HEAD' ? null : randomBody(random, vocabulary);
          const headers: Record<string, string> = {};
          if (body) headers['content-type'] = body.contentType;
          if (role === 'storefront') headers.authorization = `Bearer ${STOREFRONT_TOKEN}`;
          if (clients[role].cookie) headers.cookie = clients[role].cookie!;
          const before = await head();
          const response = await fetch(`${app.url}${path}`, { method: route.method, headers, body: body?.text });
          const responseText = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const describe = () =>
            `${route.method} ${path.slice(0, 200)} as ${role} with ${body?.text.slice(0, 200) ?? 'no body'} → ${response.status} ${responseText.slice(0, 200)}`;
          if (response.status >= 500) failures.push(`5xx: ${describe()}`);
          if (response.status >= 400) {
            let message: unknown;
            try {
              message = JSON.parse(responseText).message;
            } catch {
              message = undefined;
            }
            if (typeof message !== 'string') failures.push(`not JSON { message }: ${describe()}`);
            if (/at \w+ \(|node_modules|\.ts:\d+/.test(responseText)) failures.push(`stack trace: ${describe()}`);
            const after = await head();
            if (after !== before)
              failures.push(`event written (${before} → ${after}) by a refused request: ${describe()}`);
          }
          if (route.path === '/api/logout' && role !== 'anonymous' && role !== 'storefront')
            clients[role] = await signIn(role);
        }
      }
    }
    console.log(
      `fuzz seed ${SEED}: ${routes.length} routes in ${Date.now() - started} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures).toEqual([]);
  });
});
