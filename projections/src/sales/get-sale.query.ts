import type { Knex } from 'knex';
import type { PaymentMethod, Sale } from '@shop/contracts';
import { formatMoney, toIsoString } from '../shared/sql-values';
import { listTransactions } from '../transactions/list-transactions.query';

interface SaleRow {
  sale_id: string;
  payment_method: PaymentMethod;
  discount_percentage: string;
  original_total: string;
  discount_amount: string;
  total_value: string;
  seller_name: string;
  notes: string | null;
  created_at: Date | string;
}

/** A till sale with its lines as they were recorded (names and prices at the time of sale). */
export async function getSale(knex: Knex, saleId: string): Promise<Sale | null> {
  const row: SaleRow | undefined = await knex('sales').where({ sale_id: saleId }).first();
  if (!row) return null;
  const lines = (await listTransactions(knex, { saleId })).reverse();
  return {
    saleId: row.sale_id,
    createdAt: toIsoString(row.created_at),
    sellerName: row.seller_name,
    paymentMethod: row.payment_method,
    discountPercentage: Number(row.discount_percentage).toFixed(2),
    originalTotal: formatMoney(row.original_total),
    discountAmount: formatMoney(row.discount_amount),
    totalValue: formatMoney(row.total_value),
    notes: row.notes,
    lines,
  };
}
