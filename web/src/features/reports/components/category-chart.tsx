import { useSyncExternalStore } from 'react';
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

const NARROW = '(max-width: 639px)';
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Stock value per category at the end of the range: bar chart and the exact figures beside it. On a
 * phone (or with many categories) the bars lie down, one per line with its category name beside it.
 */
export function CategoryStock({ rows }: { rows: readonly CategoryStock[] }) {
  const phone = useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches);
  // Side by side, more than four names under the bars would overlap at 1280 px too.
  const narrow = phone || rows.length > 4;
  // The chart needs numbers (display only); the exact amounts stay in the table and the tooltip uses the string.
  const data = rows.map((row) => ({ category: row.category, value: Number(row.stockValue), label: row.stockValue }));
  const valueAxis = { tickFormatter: (value: number) => compact.format(value), tick: { fontSize: 11 } };
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div
        className="min-w-0"
        style={{ height: narrow ? Math.max(160, 44 * data.length + 40) : 256 }}
        data-testid="category-chart"
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            layout={narrow ? 'vertical' : 'horizontal'}
            margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={narrow} horizontal={!narrow} />
            {narrow ? (
              <>
                <XAxis type="number" {...valueAxis} />
                <YAxis type="category" dataKey="category" tick={{ fontSize: 11 }} width={110} interval={0} />
              </>
            ) : (
              <>
                <XAxis dataKey="category" tick={{ fontSize: 11 }} interval={0} />
                <YAxis {...valueAxis} width={48} />
              </>
            )}
            <Tooltip
              formatter={(_value, _name, item) => [
                formatMoney((item.payload as { label: string }).label),
                'Stock value',
              ]}
            />
            <Bar
              dataKey="value"
              fill="#e11d48"
              radius={narrow ? [0, 4, 4, 0] : [4, 4, 0, 0]}
              isAnimationActive={false}
            />
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
