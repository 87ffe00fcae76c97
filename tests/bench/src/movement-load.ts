import { randomUUID } from 'node:crypto';
import type { CreateProductInput, CreateTransactionInput } from '@shop/contracts';
import { runLoad, type LoadResult, type LoopbackClient } from './http-load';

/** Every movement is 1 unit, alternately in and out, so stock stays near its opening level. */
export function movementBody(productId: string, sequence: number): CreateTransactionInput {
  return sequence % 2 === 0
    ? { productId, type: 'in', quantity: 1, unitPrice: '1000.00', costPrice: '1000.00', reason: 'purchase' }
    : { productId, type: 'out', quantity: 1, unitPrice: '1500.00', reason: 'sale' };
}

export function benchProduct(index: number): CreateProductInput {
  return {
    name: `Bench product ${index}`,
    sku: `BENCH-${index}-${randomUUID().slice(0, 8)}`,
    category: 'Skincare Products',
    price: '1500.00',
    costPrice: '1000.00',
    currentStock: 1_000_000,
    minStockLevel: 5,
  };
}

/** 16 (or BENCH_CLIENTS) clients posting movements on random products, signed in with `cookie`. */
export function loadMovements(options: {
  readonly client: LoopbackClient;
  readonly cookie: string;
  readonly productIds: readonly string[];
  readonly clients: number;
  readonly warmupSeconds: number;
  readonly seconds: number;
  readonly cpu?: { sample(): Promise<number | null> };
}): Promise<LoadResult> {
  const { productIds } = options;
  return runLoad({
    client: options.client,
    clients: options.clients,
    warmupSeconds: options.warmupSeconds,
    seconds: options.seconds,
    expectStatus: 201,
    cpu: options.cpu,
    nextCall: (_client, sequence) => ({
      method: 'POST',
      path: '/api/transactions',
      cookie: options.cookie,
      body: movementBody(productIds[Math.floor(Math.random() * productIds.length)]!, sequence),
    }),
  });
}

/** Runs `task` over `items` with at most `width` at a time. */
export async function inParallel<T, R>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

export const SALE_LINES = 10;

/** Clients posting POST /api/sales: 10 lines of 1 unit on distinct random products, paid cash. */
export function loadSales(options: {
  readonly client: LoopbackClient;
  readonly cookie: string;
  readonly productIds: readonly string[];
  readonly clients: number;
  readonly warmupSeconds: number;
  readonly seconds: number;
}): Promise<LoadResult> {
  const { productIds } = options;
  const lines = () => {
    const chosen = new Set<string>();
    while (chosen.size < Math.min(SALE_LINES, productIds.length)) {
      chosen.add(productIds[Math.floor(Math.random() * productIds.length)]!);
    }
    return [...chosen].map((productId) => ({ productId, quantity: 1 }));
  };
  return runLoad({
    client: options.client,
    clients: options.clients,
    warmupSeconds: options.warmupSeconds,
    seconds: options.seconds,
    expectStatus: 201,
    nextCall: () => ({
      method: 'POST',
      path: '/api/sales',
      cookie: options.cookie,
      body: { saleId: randomUUID(), items: lines(), paymentMethod: 'cash' },
    }),
  });
}
