import type { TransactionGroupResult } from '@shop/contracts';

/** A sale's lines (all of them, whichever matched) or one movement, as the server pages them. */
export type TransactionGroup = TransactionGroupResult;

type Line = TransactionGroup['lines'][number];

const isSaleLine = (line: Line) => line.type === 'out' && line.reason === 'sale';

/** The sale lines less those given back within the group (`inGroup`: the group's line ids). */
const stillSold = (lines: readonly Line[], inGroup: ReadonlySet<string>) =>
  lines.filter((line) => isSaleLine(line) && !(line.reversedBy && inGroup.has(line.reversedBy)));

/**
 * The lines a sale's receipt prints: its sale lines, less those given back within the group. An online
 * order moved back to pending returns its lines under the order's number; served again, only the new
 * lines are the sale. A line reversed by hand (its reversal is a movement of its own) stays, marked.
 */
export const receiptLines = (group: TransactionGroup): Line[] =>
  stillSold(group.lines, new Set(group.lines.map((line) => line.id)));

/**
 * A sale (a till sale, or an online order as served): it has a saleId, every line is a stock-out sale or
 * the return of one of its own lines, and something is still sold. Only these get a receipt.
 */
export const isSaleGroup = (group: TransactionGroup): boolean => {
  if (group.saleId === null) return false;
  const inGroup = new Set(group.lines.map((line) => line.id));
  const ownReturn = (line: Line) =>
    line.type === 'in' && line.reason === 'return' && line.reverses !== null && inGroup.has(line.reverses);
  return group.lines.every((line) => isSaleLine(line) || ownReturn(line)) && stillSold(group.lines, inGroup).length > 0;
};

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
