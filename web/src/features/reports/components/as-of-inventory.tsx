import { useState } from 'react';
import type { InventoryItem } from '@shop/contracts';
import { Pager, pageOf } from '@/components/pagination/pager';
import { formatMoney } from '@/utils/format';
import { koboToAmount, sumKobo, toKobo } from '@shop/contracts';
import { ReportTable, type Column } from './report-table';

const columns: readonly Column<InventoryItem>[] = [
  { heading: 'Product', cell: (row) => <span className="font-medium text-slate-900">{row.name}</span> },
  { heading: 'SKU', cell: (row) => <span className="font-mono text-xs">{row.sku}</span> },
  { heading: 'Category', cell: (row) => row.category },
  { heading: 'Stock', cell: (row) => <span data-testid="as-of-stock">{row.currentStock}</span>, numeric: true },
  {
    heading: 'Value',
    cell: (row) => <span data-testid="as-of-value">{formatMoney(row.stockValue)}</span>,
    numeric: true,
  },
  { heading: 'Status', cell: (row) => row.status },
];

/** Rows shown at once: a shop of 5,000 products would otherwise render 5,000 rows. */
const PAGE_SIZE = 50;

/** Stock and value per product as they were at the chosen instant (or now), a page at a time. */
export function AsOfInventory({ items, asOfLabel }: { items: readonly InventoryItem[]; asOfLabel: string }) {
  const [page, setPage] = useState(0);
  const shown = pageOf(items, page, PAGE_SIZE);
  const total = koboToAmount(sumKobo(items.map((item) => toKobo(item.stockValue))));
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">
        {asOfLabel}: {items.length} products, total value{' '}
        <span className="font-semibold text-slate-900" data-testid="as-of-total">
          {formatMoney(total)}
        </span>
      </p>
      <ReportTable
        columns={columns}
        rows={shown.rows}
        rowKey={(row) => row.id}
        testId="as-of-table"
        rowTestId="as-of-row"
        emptyText="No products at that time."
      />
      <Pager
        page={shown.page}
        pageSize={PAGE_SIZE}
        total={items.length}
        onPage={setPage}
        label="Stock as of pages"
        testId="as-of-pager"
      />
    </div>
  );
}
