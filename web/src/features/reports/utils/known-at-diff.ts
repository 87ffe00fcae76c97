import type { ReportSummary } from '@shop/contracts';
import { koboToAmount, toKobo } from '@shop/contracts';

export type FigureKind = 'money' | 'count';

/** One line of the comparison: the figure as known then, today, and today minus then (exact). */
export type FigureComparison = {
  key: string;
  label: string;
  kind: FigureKind;
  known: string;
  today: string;
  /** Money as an amount string ("-3000.00"), counts as an integer string ("-2"); "0"/"0.00" when equal. */
  difference: string;
  changed: boolean;
};

type Figure = { key: string; label: string; kind: FigureKind; read: (summary: ReportSummary) => string | number };

const FIGURES: readonly Figure[] = [
  { key: 'total-sales', label: 'Sales', kind: 'money', read: (summary) => summary.sales.totalSales },
  { key: 'discounts', label: 'Discounts', kind: 'money', read: (summary) => summary.sales.discounts },
  {
    key: 'profit',
    label: 'Profit (net of discounts)',
    kind: 'money',
    read: (summary) => summary.sales.profitNetOfDiscounts,
  },
  { key: 'units-sold', label: 'Units sold', kind: 'count', read: (summary) => summary.sales.unitsSold },
  { key: 'sale-lines', label: 'Sale lines', kind: 'count', read: (summary) => summary.sales.saleLines },
  {
    key: 'reversed-lines',
    label: 'Sale lines reversed',
    kind: 'count',
    read: (summary) => summary.sales.reversedLines,
  },
  { key: 'stock-in', label: 'Stock in (units)', kind: 'count', read: (summary) => summary.movements.stockIn.units },
  { key: 'stock-out', label: 'Stock out (units)', kind: 'count', read: (summary) => summary.movements.stockOut.units },
  {
    key: 'stock-units',
    label: 'Units in stock at the end',
    kind: 'count',
    read: (summary) => summary.stock.totalUnits,
  },
  { key: 'stock-value', label: 'Stock value at the end', kind: 'money', read: (summary) => summary.stock.stockValue },
];

/** Signed amounts ("-12.50") as kobo: toKobo reads the digits, the sign is put back here. */
const signedKobo = (amount: string): bigint => (amount.startsWith('-') ? -toKobo(amount.slice(1)) : toKobo(amount));

/** Every figure of the two reports side by side; money differences in whole kobo, never floats. */
export function compareReports(known: ReportSummary, today: ReportSummary): FigureComparison[] {
  return FIGURES.map((figure) => {
    const before = String(figure.read(known));
    const after = String(figure.read(today));
    const difference =
      figure.kind === 'money'
        ? koboToAmount(signedKobo(after) - signedKobo(before))
        : String(BigInt(after) - BigInt(before));
    return {
      key: figure.key,
      label: figure.label,
      kind: figure.kind,
      known: before,
      today: after,
      difference,
      changed: difference !== '0' && difference !== '0.00',
    };
  });
}
