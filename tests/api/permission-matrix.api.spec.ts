import { MESSAGES, PAGE_KEYS, type PageKey } from '@shop/contracts';
import { servedRoutesOf } from '../support/served-routes';
import { useTestApp } from './support/use-test-app';
import type { ApiClient } from './support/api-client';

/**
 * Every gateway call × { no session, assistant without the page, assistant with the page, manager }.
 * The table is the design in docs/access.md; the first test fails when a route exists that the table
 * (and so the design) does not cover.
 */
type Rule = 'public' | 'signed-in' | 'manager' | 'storefront' | readonly PageKey[];
const CALLS: ReadonlyArray<readonly [string, string, Rule]> = [
  ['POST', '/api/login', 'public'],
  ['POST', '/api/logout', 'public'],
  ['GET', '/api/health', 'public'],
  ['GET', '/api/ready', 'public'],
  // Not a session's: its own bearer token (METRICS_TOKEN), 404 while none is configured.
  ['GET', '/api/metrics', 'public'],
  ['GET', '/api/session', 'signed-in'],
  ['GET', '/api/dashboard/metrics', 'signed-in'],
  ['GET', '/api/settings/page_permissions', 'signed-in'],
  ['PUT', '/api/settings/page_permissions', 'manager'],
  ['GET', '/api/products', ['dashboard', 'sales', 'inventory', 'transactions', 'products', 'reports']],
  ['POST', '/api/products', ['products', 'inventory']],
  ['DELETE', '/api/products/:id', ['products']],
  ['GET', '/api/products/:id/history', ['products', 'inventory', 'transactions', 'reports']],
  ['POST', '/api/product-media/upload', ['products', 'inventory']],
  ['PUT', '/product-media/uploads/:fileName', 'public'],
  ['GET', '/product-media/uploads/:fileName', 'signed-in'],
  ['GET', '/api/transactions', ['dashboard', 'transactions', 'reports']],
  ['GET', '/api/transactions/groups', ['transactions']],
  ['POST', '/api/transactions', ['dashboard', 'inventory', 'sales']],
  ['POST', '/api/transactions/:id/reverse', 'manager'],
  ['POST', '/api/sales', ['sales']],
  ['GET', '/api/sales/:saleId', ['sales', 'transactions']],
  ['GET', '/api/inventory', ['inventory', 'products', 'reports']],
  ['POST', '/api/stocktakes', ['inventory']],
  ['GET', '/api/reports/inventory.csv', ['reports']],
  ['GET', '/api/reports/transactions.csv', ['reports']],
  ['GET', '/api/reports/summary', ['reports']],
  ['GET', '/api/reports/staff-daily', ['reports']],
  ['GET', '/api/audit', ['audit']],
  ['GET', '/api/audit.csv', ['audit']],
  ['GET', '/api/online-orders', ['dashboard']],
  ['PATCH', '/api/online-orders/:id/status', ['dashboard']],
  ['POST', '/api/online-orders', 'storefront'],
  ['POST', '/api/customers', 'storefront'],
  ['POST', '/api/customer-support', 'public'],
  ['GET', '/api/customer-support', ['customer-support']],
  ['GET', '/api/customer-support/stats', ['customer-support']],
  ['POST', '/api/customer-support/:id/reply', ['customer-support']],
  ['PUT', '/api/customer-support/:id', ['customer-support']],
  ['GET', '/api/contact-info', 'signed-in'],
  ['PUT', '/api/contact-info', 'manager'],
  ['POST', '/api/contact-info/verify-password', 'manager'],
  ['GET', '/api/users', 'manager'],
  ['POST', '/api/users', 'manager'],
  ['PUT', '/api/users/:id', 'manager'],
  ['DELETE', '/api/users/:id', 'manager'],
  ['PUT', '/api/users/:id/change-password', 'manager'],
];

/** Refusals by an access rule carry these texts; any other answer (200, 400, 404, ...) got past access. */
const UNAUTHENTICATED = new Set<string>([MESSAGES.notSignedIn, MESSAGES.storefrontTokenRequired]);
const FORBIDDEN = new Set<string>([MESSAGES.forbidden, MESSAGES.managerOnly]);
const refusal = (status: number, message = '') =>
  status === 401 && UNAUTHENTICATED.has(message) ? 401 : status === 403 && FORBIDDEN.has(message) ? 403 : null;

const NIL = '00000000-0000-4000-8000-000000000000';
// Ids that exist nowhere and bodies that fail validation: a call that passes access changes nothing.
const concrete = (path: string) =>
  path
    .replace(':fileName', `${NIL}.png`)
    .replace(':saleId', 'CASH-none')
    .replace(':id', path.includes('customer-support') ? '999999' : NIL);

/** Grants the assistant role exactly `pages`, as a manager. */
async function grantOnly(manager: ApiClient, pages: readonly PageKey[]): Promise<void> {
  const value = { assistant: Object.fromEntries(PAGE_KEYS.map((page) => [page, pages.includes(page)])) };
  expect((await manager.put('/api/settings/page_permissions', { value })).status).toBe(200);
}

type Cell = 'allowed' | 401 | 403;
function expected(rule: Rule, who: 'anonymous' | 'without' | 'with' | 'manager'): Cell {
  if (rule === 'public') return 'allowed';
  if (who === 'anonymous') return 401;
  if (who === 'manager') return 'allowed';
  if (rule === 'signed-in') return 'allowed';
  if (rule === 'manager' || rule === 'storefront') return 403;
  return who === 'with' ? 'allowed' : 403;
}

describe('permission matrix: every call × role', () => {
  const app = useTestApp({ storefrontToken: 'matrix-token-123' });
  let assistant: ApiClient;

  const setPages = (pages: readonly PageKey[]) => grantOnly(app.manager, pages);
  const call = async (client: ApiClient, method: string, path: string): Promise<Cell> => {
    // login/logout/customer-support intake with an invalid body: validated after access, so nothing is stored.
    const body = method === 'GET' || method === 'DELETE' ? undefined : { invalid: true };
    const response = await client.request(method, concrete(path), body);
    return refusal(response.status, response.body?.message) ?? 'allowed';
  };

  beforeAll(async () => {
    await app.manager.post('/api/users', { username: 'asst', password: 'asst-secret-1' });
    assistant = await app.signIn('asst', 'asst-secret-1');
  });

  it('covers every route the gateway serves', () => {
    const served = servedRoutesOf(app.app)
      .map(({ method, path }) => `${method} ${path}`)
      .filter((route: string) => /^\w+ \/(api|product-media)\//.test(route) || route.endsWith('/api/health'));
    expect(new Set(served)).toEqual(new Set(CALLS.map(([method, path]) => `${method} ${path}`)));
  });

  it('answers each cell as the design says', async () => {
    const anonymous = app.client();
    const actual: string[] = [];
    const wanted: string[] = [];
    const record = (who: string, method: string, path: string, cell: Cell, want: Cell) => {
      actual.push(`${who} ${method} ${path} → ${cell}`);
      wanted.push(`${who} ${method} ${path} → ${want}`);
    };

    await setPages([]);
    for (const [method, path, rule] of CALLS) {
      if (path === '/api/logout' || path === '/api/login') continue; // would end or replace the sessions under test
      record('anonymous', method, path, await call(anonymous, method, path), expected(rule, 'anonymous'));
      record('assistant-without', method, path, await call(assistant, method, path), expected(rule, 'without'));
      record('manager', method, path, await call(app.manager, method, path), expected(rule, 'manager'));
    }
    for (const page of PAGE_KEYS) {
      const granted = CALLS.filter(([, , rule]) => Array.isArray(rule) && rule.includes(page));
      if (granted.length === 0) continue;
      await setPages([page]);
      for (const [method, path, rule] of granted) {
        record(`assistant-with-${page}`, method, path, await call(assistant, method, path), expected(rule, 'with'));
      }
    }
    expect(actual).toEqual(wanted);
  });
});

describe('POST /api/transactions: each page records only its own kind of movement', () => {
  const app = useTestApp();
  let assistant: ApiClient;
  let productId: string;

  const setPages = (pages: readonly PageKey[]) => grantOnly(app.manager, pages);
  const stockOf = async () =>
    (await app.manager.get('/api/products')).body.find((row: { id: string }) => row.id === productId)
      .currentStock as number;
  const movement = (type: 'in' | 'out', reason: string) => ({
    productId,
    type,
    quantity: 1,
    unitPrice: '100.00',
    totalValue: '100.00',
    reason,
    sellerName: 'asst',
  });
  const MOVEMENTS = [
    ['in', 'purchase'],
    ['out', 'sale'],
    ['out', 'waste'],
    ['out', 'adjustment'],
  ] as const;

  beforeAll(async () => {
    await app.manager.post('/api/users', { username: 'asst', password: 'asst-secret-1' });
    assistant = await app.signIn('asst', 'asst-secret-1');
    const created = await app.manager.post('/api/products', {
      name: 'Shea Butter',
      sku: 'SHEA-ACCESS',
      category: 'Body Care',
      price: '100.00',
      currentStock: 50,
    });
    productId = created.body.id;
  });

  it.each([
    ['sales', ['out sale']],
    ['dashboard', ['in purchase']],
    ['inventory', ['in purchase', 'out sale', 'out waste', 'out adjustment']],
  ] as const)('an assistant with only the %s page records %j and nothing else', async (page, allowed) => {
    await setPages([page]);
    for (const [type, reason] of MOVEMENTS) {
      const before = await stockOf();
      const response = await assistant.post('/api/transactions', movement(type, reason));
      if ((allowed as readonly string[]).includes(`${type} ${reason}`)) {
        expect(response.status).toBe(201);
        expect(await stockOf()).toBe(before + (type === 'in' ? 1 : -1));
      } else {
        expect(response.status).toBe(403);
        expect(response.body.message).toMatch(
          new RegExp(`^Recording a stock ${type} for ${reason} needs the Inventory page`),
        );
        expect(await stockOf()).toBe(before);
      }
    }
  });

  it('a sale line recorded through the till alone is at the catalogue price, whatever price the browser sends', async () => {
    await setPages(['sales']);
    const cheap = { ...movement('out', 'sale'), unitPrice: '0.01', totalValue: '0.01' };
    const tillLine = await assistant.post('/api/transactions', cheap);
    expect(tillLine.status).toBe(201);
    expect(tillLine.body).toMatchObject({ unitPrice: '100.00', totalValue: '100.00' });
    // The discount stays the till's own, visible field.
    const discounted = await assistant.post('/api/transactions', { ...cheap, discountPercentage: '10' });
    expect(discounted.body).toMatchObject({ unitPrice: '100.00', totalValue: '90.00', discountPercentage: '10.00' });
    // With the Inventory page (the stock dialog's price field) the price is the user's.
    await setPages(['inventory']);
    expect((await assistant.post('/api/transactions', cheap)).body).toMatchObject({
      unitPrice: '0.01',
      totalValue: '0.01',
    });
    expect((await app.manager.post('/api/transactions', cheap)).body).toMatchObject({ unitPrice: '0.01' });
  });

  it("a sale line recorded through the till alone is the assistant's own sale, whatever seller the browser names", async () => {
    // The till sends no seller (spec section 7): a name sent anyway would put this sale on another's staff figures.
    await setPages(['sales']);
    const asAnother = { ...movement('out', 'sale'), sellerName: 'manager' };
    const tillLine = await assistant.post('/api/transactions', asAnother);
    expect(tillLine).toMatchObject({ status: 201, body: { sellerName: 'asst' } });
    // With the Inventory page the stock dialog's Seller field is the user's to fill in.
    await setPages(['inventory']);
    expect((await assistant.post('/api/transactions', asAnother)).body).toMatchObject({ sellerName: 'manager' });
  });

  it('a manager records every kind', async () => {
    for (const [type, reason] of MOVEMENTS)
      expect((await app.manager.post('/api/transactions', movement(type, reason))).status).toBe(201);
  });
});
