import type { InventoryItem, ReportSummary } from '@shop/contracts';
import { Card } from '@/components/ui/card';
import { formatMoney } from '@/utils/format';
import { koboToAmount, sumKobo, toKobo } from '@shop/contracts';

type SummaryCardsProps = {
  inventory: readonly InventoryItem[] | undefined;
  summary: ReportSummary | undefined;
  /** The chosen range is invalid: its cards show no figure (a dash), not the last range's. */
  rangeInvalid?: boolean;
  /** The stock / the range's figures could not be loaded: a dash, not the loading ellipsis for ever. */
  inventoryFailed?: boolean;
  summaryFailed?: boolean;
};

/** Current stock figures (from GET /api/inventory) beside the range's sales figures. */
export function SummaryCards({
  inventory,
  summary,
  rangeInvalid = false,
  inventoryFailed = false,
  summaryFailed = false,
}: SummaryCardsProps) {
  const pending = rangeInvalid || summaryFailed ? '—' : '…';
  const stockPending = inventoryFailed ? '—' : '…';
  const items = inventory ?? [];
  const stockValue = koboToAmount(sumKobo(items.map((item) => toKobo(item.stockValue))));
  const lowStock = items.filter((item) => item.status !== 'In Stock').length;
  const cards = [
    { key: 'total-products', label: 'Total Products', value: inventory ? String(items.length) : stockPending },
    { key: 'stock-value', label: 'Stock Value', value: inventory ? formatMoney(stockValue) : stockPending },
    { key: 'low-stock', label: 'Low / Out of Stock', value: inventory ? String(lowStock) : stockPending },
    { key: 'sales', label: 'Sales in range', value: summary ? formatMoney(summary.sales.totalSales) : pending },
    { key: 'units', label: 'Units sold in range', value: summary ? String(summary.sales.unitsSold) : pending },
    // Spec 9's profit, Σ (unit price − cost) × quantity, ignores discounts: both are shown (issue 5).
    {
      key: 'profit-before-discounts',
      label: 'Profit in range (before discounts)',
      value: summary ? formatMoney(summary.sales.profit) : pending,
    },
    {
      key: 'profit',
      label: 'Profit in range (net of discounts)',
      value: summary ? formatMoney(summary.sales.profitNetOfDiscounts) : pending,
    },
  ];
  return (
    // Columns by the room beside the sidebar: three only from 1024 px and four at most, so a card is never
    // narrower than a figure in the tens of millions of naira (three beside the sidebar at 768 px, or
    // seven at 1536 px, left about 145 px: ₦24,769,866.98 ran past its card).
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 2xl:grid-cols-4" data-testid="reports-summary">
      {cards.map((card) => (
        <Card key={card.key} className="p-3 sm:p-4" data-testid={`report-card-${card.key}`}>
          <p className="text-xs font-medium text-slate-500">{card.label}</p>
          {/* An amount never wraps mid-number; the smaller phone size keeps it inside a half-width card. */}
          <p
            className="mt-1 text-base font-semibold whitespace-nowrap text-slate-900 tabular-nums sm:text-lg"
            data-testid="report-card-value"
          >
            {card.value}
          </p>
        </Card>
      ))}
    </div>
  );
}
