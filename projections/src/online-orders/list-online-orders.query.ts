import type { Knex } from 'knex';
import type { OnlineOrder } from '@shop/contracts';
import { isUuid } from '../shared/sql-values';
import { ONLINE_ORDER_COLUMNS, toOnlineOrderResponse, type OnlineOrderRow } from './online-order-row.mapper';

/** GET /api/online-orders: every order, oldest first (spec: the dialog lists them that way). */
export async function listOnlineOrders(knex: Knex): Promise<OnlineOrder[]> {
  const rows: OnlineOrderRow[] = await knex('online_orders')
    .select(ONLINE_ORDER_COLUMNS)
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'created_commit', order: 'asc' },
      { column: 'created_prepare', order: 'asc' },
    ]);
  return rows.map(toOnlineOrderResponse);
}

export async function getOnlineOrder(knex: Knex, orderId: string): Promise<OnlineOrder | null> {
  if (!isUuid(orderId)) return null;
  const row: OnlineOrderRow | undefined = await knex('online_orders')
    .select(ONLINE_ORDER_COLUMNS)
    .where({ id: orderId })
    .first();
  return row ? toOnlineOrderResponse(row) : null;
}
