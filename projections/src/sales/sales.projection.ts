import { defineProjection } from '../shared/projection';
import { timeOfSale } from '../shared/time-of-sale';
import { jsonParam } from '../shared/sql-values';
import type { ProjectionSql } from '../shared/projection-sql';

/** One row per till sale (its lines are the sale's rows in `transactions`). A sale is final: insert-or-ignore. */
export const salesProjection = defineProjection({
  name: 'sales',
  handles: ['SaleRecorded'] as const,
  tables: ['sales'],
  async project(events, sql) {
    const rows = events.map((event) => ({
      sale_id: event.data.saleId,
      payment_method: event.data.paymentMethod,
      discount_percentage: event.data.discountPercentage,
      original_total: event.data.originalTotal,
      discount_amount: event.data.discountAmount,
      total_value: event.data.totalValue,
      seller_name: event.data.sellerName,
      notes: event.data.notes,
      line_count: event.data.lines.length,
      created_at: timeOfSale(event),
    }));
    if (rows.length > 0) insertSales(sql, rows);
  },
});

function insertSales(sql: ProjectionSql, rows: readonly object[]) {
  sql.write(
    `insert into sales (sale_id, payment_method, discount_percentage, original_total, discount_amount,
                        total_value, seller_name, notes, line_count, created_at)
     select * from jsonb_to_recordset(?::jsonb) as r(
       sale_id text, payment_method text, discount_percentage numeric, original_total numeric,
       discount_amount numeric, total_value numeric, seller_name text, notes text, line_count integer,
       created_at timestamptz)
     on conflict (sale_id) do nothing`,
    [jsonParam(rows)],
  );
}
