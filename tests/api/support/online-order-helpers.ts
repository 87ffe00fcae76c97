import type { Transaction } from '@shop/contracts';
import type { ApiClient } from './api-client';
import type { TestApp } from './test-app';

export const STOREFRONT_TOKEN = 'storefront-test-token-0123456789';

type Status = 'pending' | 'processing' | 'served';

/** Calls of the online-orders API suites: storefront intake by token, status moves by a signed-in user. */
export function onlineOrderHelpers(app: TestApp, manager: ApiClient) {
  let sequence = 0;
  const storefront = (path: string, body: unknown, token: string | null = STOREFRONT_TOKEN) =>
    app.client().request('POST', path, body, token === null ? {} : { authorization: `Bearer ${token}` });

  const newProduct = async (price: string, stock: number, costPrice?: string) => {
    sequence += 1;
    const { body } = await manager.post('/api/products', {
      name: `Order Product ${sequence}`,
      sku: `ORDER-${sequence}-${Date.now()}`,
      category: 'Body Care',
      price,
      costPrice,
      currentStock: stock,
    });
    return body as { id: string; name: string };
  };

  const placeOrder = async (items: { productId: string; quantity: number }[], extra: Record<string, unknown> = {}) => {
    const response = await storefront('/api/online-orders', { customerName: 'Amaka Obi', items, ...extra });
    if (response.status !== 201) throw new Error(`order refused: ${response.status} ${response.text}`);
    return response.body as { id: string; orderNumber: string; status: Status };
  };

  const setStatus = (id: string, status: unknown, client: ApiClient = manager) =>
    client.request('PATCH', `/api/online-orders/${id}/status`, { status });

  /** A new order of one unit of a well-stocked product, moved to `status` by legal moves. */
  const orderAt = async (status: Status) => {
    const product = await newProduct('100', 50);
    const order = await placeOrder([{ productId: product.id, quantity: 1 }]);
    if (status !== 'pending') expect((await setStatus(order.id, status)).status).toBe(200);
    return order;
  };

  const stockOf = async (id: string) =>
    (await manager.get('/api/products')).body.find((row: { id: string }) => row.id === id).currentStock as number;
  const movementsOf = async (saleId: string) =>
    ((await manager.get('/api/transactions')).body as Transaction[]).filter((row) => row.saleId === saleId);
  const orderById = async (id: string) =>
    ((await manager.get('/api/online-orders')).body as { id: string }[]).find((order) => order.id === id);
  const metrics = async () => (await manager.get('/api/dashboard/metrics')).body;

  return { storefront, newProduct, placeOrder, setStatus, orderAt, stockOf, movementsOf, orderById, metrics };
}
