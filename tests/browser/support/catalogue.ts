import { uniqueSuffix, type BrowserApp } from './browser-app';

export interface CreatedProduct {
  readonly id: string;
  readonly name: string;
  readonly sku: string;
}

/** One product through the API (name and SKU made unique), for a screen test to act on. */
export async function newProduct(
  harness: BrowserApp,
  { name, stock, price = '2500', skuPrefix }: { name: string; stock: number; price?: string; skuPrefix: string },
): Promise<CreatedProduct> {
  const created = await harness.manager.post('/api/products', {
    name: `${name} ${uniqueSuffix()}`,
    sku: `${skuPrefix}-${uniqueSuffix()}`,
    category: 'Skincare Products',
    price,
    costPrice: '1000',
    currentStock: stock,
    minStockLevel: 0,
  });
  expect(created.status).toBe(201);
  return created.body as CreatedProduct;
}

/** A product's current stock as GET /api/products lists it. */
export async function stockOf(harness: BrowserApp, id: string): Promise<number> {
  const products = (await harness.manager.get('/api/products')).body as { id: string; currentStock: number }[];
  return products.find((product) => product.id === id)!.currentStock;
}

/** A purchase received through the API (POST /api/transactions, stock in); answers the movement's id. */
export async function receiveStock(
  harness: BrowserApp,
  productId: string,
  {
    quantity,
    unitPrice,
    costPrice,
    notes,
  }: { quantity: number; unitPrice: string; costPrice?: string; notes?: string },
): Promise<string> {
  const received = await harness.manager.post('/api/transactions', {
    productId,
    type: 'in',
    quantity,
    unitPrice,
    ...(costPrice === undefined ? {} : { costPrice }),
    reason: 'purchase',
    ...(notes === undefined ? {} : { notes }),
  });
  expect(received.status).toBe(201);
  return (received.body as { id: string }).id;
}
