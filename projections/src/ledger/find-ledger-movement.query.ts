import type { Knex } from 'knex';
import { isUuid, toIsoString } from '../shared/sql-values';

export interface LedgerMovementRef {
  readonly productId: string;
  readonly movementId: string;
  readonly at: string;
}

/** Which product's stream holds a movement: the reversal command needs it to load the stream. */
export async function findLedgerMovement(knex: Knex, movementId: string): Promise<LedgerMovementRef | null> {
  if (!isUuid(movementId)) return null;
  const row = await knex('product_ledger')
    .select<{ product_id: string; at: Date | string }[]>('product_id', 'at')
    .where({ movement_id: movementId })
    .first();
  return row ? { productId: row.product_id, movementId, at: toIsoString(row.at) } : null;
}
