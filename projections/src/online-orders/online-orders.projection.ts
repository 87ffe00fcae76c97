import type { OnlineOrderStatus } from '@shop/contracts';
import { assertNever, defineProjection } from '../shared/projection';
import { jsonParam, positionColumns } from '../shared/sql-values';
import type { ProjectionSql } from '../shared/projection-sql';

/** Where one order ends up after a batch: its last status, and when it last moved to served. */
interface StatusPatch {
  id: string;
  status: OnlineOrderStatus;
  updated_at: string;
  served_at: string | null;
}

/**
 * Online orders with their status. A batch is folded per order in memory (last status wins), then
 * written as one insert for new orders and one set-based update: replaying the same batch after a
 * crash before its checkpoint gives the same rows.
 */
export const onlineOrdersProjection = defineProjection({
  name: 'online_orders',
  handles: ['OnlineOrderPlaced', 'OnlineOrderStatusChanged'] as const,
  tables: ['online_orders'],
  async project(events, sql) {
    const placed: object[] = [];
    const patches = new Map<string, StatusPatch>();

    for (const event of events) {
      switch (event.type) {
        case 'OnlineOrderPlaced': {
          const { data } = event;
          const position = positionColumns(event.position);
          placed.push({
            id: data.orderId,
            order_number: data.orderNumber,
            customer_id: data.customerId,
            customer_name: data.customerName,
            customer_email: data.customerEmail,
            customer_phone: data.customerPhone,
            customer_address: data.customerAddress,
            customer_city: data.customerCity,
            customer_postal_code: data.customerPostalCode,
            customer_country: data.customerCountry,
            items: data.items,
            total_amount: data.totalAmount,
            notes: data.notes,
            created_at: event.metadata.at,
            created_commit: position.commit,
            created_prepare: position.prepare,
          });
          break;
        }
        case 'OnlineOrderStatusChanged': {
          const previous = patches.get(event.data.orderId);
          patches.set(event.data.orderId, {
            id: event.data.orderId,
            status: event.data.to,
            updated_at: event.metadata.at,
            served_at: event.data.to === 'served' ? event.metadata.at : (previous?.served_at ?? null),
          });
          break;
        }
        default:
          assertNever(event);
      }
    }

    if (placed.length > 0) insertOrders(sql, placed);
    if (patches.size > 0) patchStatuses(sql, [...patches.values()]);
  },
});

function insertOrders(sql: ProjectionSql, rows: readonly object[]) {
  sql.write(
    `insert into online_orders (id, order_number, customer_id, customer_name, customer_email, customer_phone,
       customer_address, customer_city, customer_postal_code, customer_country, items, total_amount,
       status, payment_status, notes, order_date, created_at, updated_at, created_commit, created_prepare)
     select id, order_number, customer_id, customer_name, customer_email, customer_phone,
       customer_address, customer_city, customer_postal_code, customer_country, items, total_amount,
       'pending', 'pending', notes, created_at, created_at, created_at, created_commit, created_prepare
     from jsonb_to_recordset(?::jsonb) as r(id uuid, order_number text, customer_id uuid, customer_name text,
       customer_email text, customer_phone text, customer_address text, customer_city text,
       customer_postal_code text, customer_country text, items jsonb, total_amount numeric, notes text,
       created_at timestamptz, created_commit numeric, created_prepare numeric)
     on conflict (id) do nothing`,
    [jsonParam(rows)],
  );
}

function patchStatuses(sql: ProjectionSql, patches: readonly StatusPatch[]) {
  // served_at only means something while the order is served: a move back to pending clears it.
  sql.write(
    `update online_orders o set
       status = p.status,
       updated_at = p.updated_at,
       served_at = case when p.status = 'served' then p.served_at else null end
     from jsonb_to_recordset(?::jsonb) as p(id uuid, status text, updated_at timestamptz, served_at timestamptz)
     where o.id = p.id`,
    [jsonParam(patches)],
  );
}
