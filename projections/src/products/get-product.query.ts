import type { Knex } from 'knex';
import type { Product } from '@shop/contracts';
import { isUuid } from '../shared/sql-values';
import { PRODUCT_COLUMNS, toProductResponse, type ProductRow } from './product-row.mapper';

/** A live product, or null. `includeDeleted` also finds deleted ones (history, receipts). */
export async function getProduct(
  knex: Knex,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<Product | null> {
  if (!isUuid(id)) return null;
  const query = knex('products').select(PRODUCT_COLUMNS).where({ id });
  if (!options.includeDeleted) query.whereNull('deleted_at');
  const row: ProductRow | undefined = await query.first();
  return row ? toProductResponse(row) : null;
}
