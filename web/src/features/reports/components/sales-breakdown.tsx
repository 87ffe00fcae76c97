import type { SalesFigures } from '@shop/contracts';
import { formatMoney } from '@/utils/format';
import { ReportTable, type Column } from './report-table';

const figures = <Row extends SalesFigures>(): Column<Row>[] => [
  { heading: 'Units', cell: (row) => row.unitsSold, numeric: true },
  { heading: 'Sales', cell: (row) => formatMoney(row.totalSales), numeric: true },
  { heading: 'Discounts', cell: (row) => formatMoney(row.discounts), numeric: true },
  // Spec 9's formula (before discounts) beside the profit net of discounts, as issue 5 asks.
  { heading: 'Profit before discounts', cell: (row) => formatMoney(row.profit), numeric: true },
  { heading: 'Profit', cell: (row) => formatMoney(row.profitNetOfDiscounts), numeric: true },
];

type ByCategory = SalesFigures & { category: string };
type ByStaff = SalesFigures & { staff: string };

/** Sales, units and profit (spec 9's, and net of discounts) per category and per staff member. */
export function SalesBreakdown({
  byCategory,
  byStaff,
}: {
  byCategory: readonly ByCategory[];
  byStaff: readonly ByStaff[];
}) {
  return (
    <div className="grid gap-6 2xl:grid-cols-2">
      <section className="min-w-0 space-y-2">
        <h3 className="text-sm font-semibold text-slate-700">By category</h3>
        <ReportTable
          columns={[{ heading: 'Category', cell: (row: ByCategory) => row.category }, ...figures<ByCategory>()]}
          rows={byCategory}
          rowKey={(row) => row.category}
          testId="report-sales-by-category"
          rowTestId="sales-row"
          emptyText="No sales in this range."
        />
      </section>
      <section className="min-w-0 space-y-2">
        <h3 className="text-sm font-semibold text-slate-700">By staff member</h3>
        <ReportTable
          columns={[{ heading: 'Staff', cell: (row: ByStaff) => row.staff }, ...figures<ByStaff>()]}
          rows={byStaff}
          rowKey={(row) => row.staff}
          testId="report-sales-by-staff"
          rowTestId="sales-row"
          emptyText="No sales in this range."
        />
      </section>
    </div>
  );
}
