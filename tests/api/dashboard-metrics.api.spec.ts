import Decimal from 'decimal.js';
import { useTestApp } from './support/use-test-app';

/** A seeded pseudo-random generator: the generated day is different per seed but reproducible. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Model {
  id: string;
  price: Decimal;
  cost: Decimal | null;
  stock: number;
  min: number;
}

describe('dashboard metrics over a generated day of movements', () => {
  const app = useTestApp();

  it('match an independent computation from the movements the test made', async () => {
    const next = random(20261122);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const money = (max: number) => new Decimal(Math.floor(next() * max * 100) + 1).dividedBy(100);
    const products: Model[] = [];
    for (let index = 0; index < 8; index++) {
      const price = money(20_000);
      const cost = next() < 0.75 ? price.times(0.4 + next() * 0.5).toDecimalPlaces(2) : null;
      const stock = Math.floor(next() * 12);
      const min = Math.floor(next() * 6);
      const { body } = await app.manager.post('/api/products', {
        name: `Gen ${index}`,
        sku: `GEN-${index}`,
        category: 'Fragrances',
        price: price.toFixed(2),
        costPrice: cost?.toFixed(2),
        currentStock: stock,
        minStockLevel: min,
      });
      products.push({ id: body.id, price, cost, stock, min });
    }

    let sales = new Decimal(0);
    let profit = new Decimal(0);
    let units = 0;
    for (let step = 0; step < 60; step++) {
      const roll = next();
      if (roll < 0.3) {
        const product = pick(products);
        const quantity = 1 + Math.floor(next() * 5);
        const costPrice = next() < 0.5 ? product.price.times(0.5).toDecimalPlaces(2) : null;
        const response = await app.manager.post('/api/transactions', {
          productId: product.id,
          type: 'in',
          quantity,
          unitPrice: product.price.toFixed(2),
          costPrice: costPrice?.toFixed(2),
          reason: pick(['purchase', 'return', 'adjustment']),
        });
        expect(response.status).toBe(201);
        product.stock += quantity;
        if (costPrice) product.cost = costPrice;
      } else if (roll < 0.45) {
        const product = pick(products);
        if (product.stock === 0) continue;
        const quantity = 1 + Math.floor(next() * product.stock);
        await app.manager.post('/api/transactions', {
          productId: product.id,
          type: 'out',
          quantity,
          unitPrice: product.price.toFixed(2),
          reason: pick(['waste', 'adjustment']),
        });
        product.stock -= quantity;
      } else {
        const inStock = products.filter((product) => product.stock > 0);
        if (inStock.length === 0) continue;
        const lines = [...new Set([pick(inStock), pick(inStock)])].map((product) => ({
          product,
          quantity: 1 + Math.floor(next() * product.stock),
        }));
        const discount = next() < 0.5 ? '0' : (Math.floor(next() * 2000) / 100).toFixed(2);
        const response = await app.manager.post('/api/sales', {
          saleId: `GEN-SALE-${step}`,
          items: lines.map(({ product, quantity }) => ({ productId: product.id, quantity })),
          discountPercentage: discount,
          paymentMethod: 'cash',
        });
        expect(response.status).toBe(201);
        const original = lines.reduce(
          (sum, { product, quantity }) => sum.plus(product.price.times(quantity)),
          new Decimal(0),
        );
        sales = sales.plus(
          original.minus(original.times(discount).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)),
        );
        for (const { product, quantity } of lines) {
          // Spec formula: (unit price − cost price, a missing cost falling back to the price) × quantity.
          profit = profit.plus(product.price.minus(product.cost ?? product.price).times(quantity));
          units += quantity;
          product.stock -= quantity;
        }
      }
    }

    const metrics = (await app.manager.get('/api/dashboard/metrics')).body;
    const low = products.filter((product) => product.stock <= product.min);
    expect(metrics).toMatchObject({
      totalProducts: products.length,
      lowStockItems: low.length,
      todaysSales: sales.toFixed(2),
      todaysSalesProfit: profit.toFixed(2),
      todaysUnitsSold: units,
      totalStockValue: products
        .reduce((sum, product) => sum.plus(product.price.times(product.stock)), new Decimal(0))
        .toFixed(2),
      totalStockProfit: products
        .reduce(
          (sum, product) => sum.plus(product.price.minus(product.cost ?? product.price).times(product.stock)),
          new Decimal(0),
        )
        .toFixed(2),
    });
    expect(metrics.lowStockProducts.map((row: { id: string }) => row.id).sort()).toEqual(
      low.map((product) => product.id).sort(),
    );
    const listed = (await app.manager.get('/api/products')).body;
    for (const product of products) {
      expect(listed.find((row: { id: string }) => row.id === product.id).currentStock).toBe(product.stock);
    }
  });
});
