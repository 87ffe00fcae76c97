import type { Transaction } from '@shop/contracts';

export type TransactionGroup = {
  /** The saleId, or the row id for a movement that belongs to no sale. */
  key: string;
  saleId: string | null;
  lines: Transaction[];
};

/** Groups rows by saleId in the order they arrive (newest first); a row without saleId stands alone. */
export function groupTransactions(rows: readonly Transaction[]): TransactionGroup[] {
  const groups: TransactionGroup[] = [];
  const bySale = new Map<string, TransactionGroup>();
  for (const row of rows) {
    if (!row.saleId) {
      groups.push({ key: `movement-${row.id}`, saleId: null, lines: [row] });
      continue;
    }
    const existing = bySale.get(row.saleId);
    if (existing) {
      existing.lines.push(row);
    } else {
      const group: TransactionGroup = { key: `sale-${row.saleId}`, saleId: row.saleId, lines: [row] };
      bySale.set(row.saleId, group);
      groups.push(group);
    }
  }
  return groups;
}

/** A till sale: it has a saleId and every line is a stock-out sale. Only these get a receipt. */
export const isSaleGroup = (group: TransactionGroup): boolean =>
  group.saleId !== null && group.lines.every((line) => line.type === 'out' && line.reason === 'sale');

export const ALL = 'all';
export const TYPE_FILTERS = [
  { value: ALL, label: 'All' },
  { value: 'in', label: 'Stock In' },
  { value: 'out', label: 'Stock Out' },
] as const;
export const REASON_FILTERS = [ALL, 'purchase', 'sale', 'return', 'waste', 'adjustment'] as const;

export type TransactionFilter = { search: string; type: string; reason: string };
export const emptyFilter: TransactionFilter = { search: '', type: ALL, reason: ALL };

export const isFiltering = (filter: TransactionFilter) =>
  filter.search.trim() !== '' || filter.type !== ALL || filter.reason !== ALL;

/** Search covers product name, SKU, sale id, seller and notes; type and reason match exactly. */
export function filterTransactions(rows: readonly Transaction[], filter: TransactionFilter): Transaction[] {
  const needle = filter.search.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (filter.type === ALL || row.type === filter.type) &&
      (filter.reason === ALL || row.reason === filter.reason) &&
      (!needle ||
        [row.productName ?? 'Unknown Product', row.productSku, row.saleId, row.sellerName, row.notes].some((field) =>
          field?.toLowerCase().includes(needle),
        )),
  );
}
