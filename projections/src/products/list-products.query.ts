import type { Knex } from 'knex';
import type { Product } from '@shop/contracts';
import { PRODUCT_COLUMNS, toProductResponse, type ProductRow } from './product-row.mapper';

/** GET /api/products: live products, newest first (ties broken by global order). */
export async function listProducts(knex: Knex): Promise<Product[]> {
  const rows: ProductRow[] = await knex('products')
    .select(PRODUCT_COLUMNS)
    .whereNull('deleted_at')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'created_commit', order: 'desc' },
      { column: 'created_prepare', order: 'desc' },
    ]);
  return rows.map(toProductResponse);
}
