import type { TransactionGroupResult } from '@shop/contracts';

/** A sale's lines (all of them, whichever matched) or one movement, as the server pages them. */
export type TransactionGroup = TransactionGroupResult;

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

/** The label of a movement's direction: a stock out reads 'Sale' only when it is one (spec: Sale for a sale line). */
export const directionLabel = (type: 'in' | 'out', reason: string): string =>
  type === 'in' ? 'Stock In' : reason === 'sale' ? 'Sale' : 'Stock Out';
