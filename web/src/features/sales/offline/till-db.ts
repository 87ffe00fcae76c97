import Dexie, { type EntityTable } from 'dexie';
import type { CreateSaleInput, Product } from '@shop/contracts';

/** A sale the till took without the server: kept here before the cashier sees it as done. */
export type QueuedSale = {
  /** Auto-increment: the order the sales were taken in, and the order they are sent in. */
  seq?: number;
  saleId: string;
  payload: CreateSaleInput;
  /** What the customer paid, as shown (kobo, exact, as a string). */
  totalKobo: string;
  /** The names the customer was shown, line by line, for the receipt (absent on sales queued before it was kept). */
  lines?: { productName: string }[];
  attempts: number;
  /** The server refused it (a price it cannot accept, a deleted product): it waits for a manager. */
  refusal: string | null;
};

/**
 * The last catalogue the till saw, when (the server's clock when it answered, if it said) and how far
 * the server's clock ran ahead of this browser's then (absent on catalogues kept before it was: 0).
 */
export type CachedCatalogue = { key: 'products'; products: Product[]; asOf: string; clockOffsetMs?: number };

class TillDatabase extends Dexie {
  queue!: EntityTable<QueuedSale, 'seq'>;
  catalogue!: EntityTable<CachedCatalogue, 'key'>;

  constructor() {
    super('glow-till');
    this.version(1).stores({ queue: '++seq, &saleId', catalogue: 'key' });
  }
}

export const tillDb = new TillDatabase();
