import type { CreateSaleInput } from '@shop/contracts';
import { ApiError } from '@/lib/api-client';
import { createSale } from '../api/create-sale';
import { tillDb, type QueuedSale } from './till-db';

/** What a sync run ended with: all sent, the network is gone, the session must be renewed, or retry later. */
export type SyncOutcome = 'done' | 'offline' | 'signed-out' | 'retry';

/** Stores the sale before anything tells the cashier it is done; a reload or a crash loses nothing. */
export async function queueSale(
  payload: CreateSaleInput,
  totalKobo: bigint,
  productNames: readonly string[] = [],
): Promise<void> {
  await tillDb.queue.put({
    saleId: payload.saleId,
    payload,
    totalKobo: totalKobo.toString(),
    lines: productNames.map((productName) => ({ productName })),
    attempts: 0,
    refusal: null,
  });
}

/** Answers the server gave that no retry will change: the sale waits for a manager. */
const REFUSED = new Set([400, 404, 409, 422]);

/**
 * Sends queued sales in the order they were taken. A sale leaves the queue only when the server
 * confirmed it (201, or 200 for one it already had). One tab at a time (a Web Lock): a second tab
 * waits, then finds the sale gone; the server's idempotency on saleId is the backstop.
 */
export async function syncQueue(): Promise<SyncOutcome> {
  const run = async (): Promise<SyncOutcome> => {
    const pending = await tillDb.queue.orderBy('seq').toArray();
    for (const sale of pending) {
      if (sale.refusal) continue;
      const outcome = await send(sale);
      if (outcome !== 'done') return outcome;
    }
    return 'done';
  };
  return navigator.locks ? navigator.locks.request('glow-till-sync', run) : run();
}

async function send(sale: QueuedSale): Promise<SyncOutcome> {
  // Another tab may have sent it while this one waited for the lock.
  if (!(await tillDb.queue.get(sale.seq!))) return 'done';
  try {
    await createSale(sale.payload);
    await tillDb.queue.delete(sale.seq!);
    return 'done';
  } catch (error) {
    if (!(error instanceof ApiError)) return 'offline';
    if (error.status === 401) return 'signed-out';
    if (REFUSED.has(error.status)) {
      await tillDb.queue.update(sale.seq!, { refusal: error.serverMessage ?? error.message });
      return 'done';
    }
    await tillDb.queue.update(sale.seq!, { attempts: sale.attempts + 1 });
    return 'retry';
  }
}

/** A manager looked at a refused sale (fixed a price, restored a product): send it again. */
export const retryRefused = (saleId: string) => tillDb.queue.where('saleId').equals(saleId).modify({ refusal: null });

/**
 * A manager gave up on a refused sale (recorded it another way, or it was a mistake): it leaves the
 * queue unsent and stops counting against the stock shown. Only a sale still refused: one sent
 * again meanwhile (Try again, another tab) is left alone.
 */
export const discardRefused = (saleId: string) =>
  tillDb.queue
    .where('saleId')
    .equals(saleId)
    .filter((sale) => sale.refusal !== null)
    .delete();

/** The queued payload for a cart taken offline: the prices shown, the seller, the time of sale. */
export function offlinePayload(
  sale: Omit<CreateSaleInput, 'offline'>,
  facts: { soldAt: Date; catalogAsOf: string; sellerName: string },
): CreateSaleInput {
  return {
    ...sale,
    offline: { soldAt: facts.soldAt.toISOString(), catalogAsOf: facts.catalogAsOf, sellerName: facts.sellerName },
  };
}
