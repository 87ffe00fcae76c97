import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportSummary } from '@shop/contracts';
import { formatMoney } from '@/utils/format';
import { ReportTable, type Column } from './report-table';

type CategoryStock = ReportSummary['stock']['byCategory'][number];

const columns: readonly Column<CategoryStock>[] = [
  { heading: 'Category', cell: (row) => row.category },
  { heading: 'Products', cell: (row) => row.products, numeric: true },
  { heading: 'Units', cell: (row) => row.units, numeric: true },
  { heading: 'Value', cell: (row) => formatMoney(row.stockValue), numeric: true },
];

const compact = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });

/** Stock value per category at the end of the range: bar chart and the exact figures beside it. */
export function CategoryStock({ rows }: { rows: readonly CategoryStock[] }) {
  // The chart needs numbers; the exact amounts stay in the table and the tooltip uses the string.
  const data = rows.map((row) => ({ category: row.category, value: Number(row.stockValue), label: row.stockValue }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="h-64 min-w-0" data-testid="category-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="category" tick={{ fontSize: 11 }} interval={0} />
            <YAxis tickFormatter={(value: number) => compact.format(value)} tick={{ fontSize: 11 }} width={48} />
            <Tooltip
              formatter={(_value, _name, item) => [
                formatMoney((item.payload as { label: string }).label),
                'Stock value',
              ]}
            />
            <Bar dataKey="value" fill="#e11d48" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ReportTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.category}
        testId="category-table"
        rowTestId="category-row"
        emptyText="No stock yet."
      />
    </div>
  );
}
