import type { ReportSummary } from '@shop/contracts';
import { formatMoney, formatReason } from '@/utils/format';
import { ReportTable, type Column } from './report-table';

type ReasonRow = ReportSummary['movements']['byReason'][number];

const columns: readonly Column<ReasonRow>[] = [
  {
    heading: 'Type',
    cell: (row) => <span className="whitespace-nowrap">{row.type === 'in' ? 'Stock In' : 'Stock Out'}</span>,
  },
  { heading: 'Reason', cell: (row) => formatReason(row.reason) },
  { heading: 'Count', cell: (row) => row.count, numeric: true },
  { heading: 'Units', cell: (row) => row.units, numeric: true },
  { heading: 'Value', cell: (row) => formatMoney(row.value), numeric: true },
];

/** Stock in / stock out in the range, and the movements by reason (sales among them). */
export function MovementSummary({ movements }: { movements: ReportSummary['movements'] }) {
  const totals = [
    { key: 'in', label: 'Stock In', figures: movements.stockIn, tone: 'text-emerald-700' },
    { key: 'out', label: 'Stock Out', figures: movements.stockOut, tone: 'text-rose-700' },
  ];
  return (
    <div className="space-y-4" data-testid="transaction-summary">
      {/* One above the other on phones: half of a 375 px card is narrower than ₦22,222,222.18. */}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {totals.map((total) => (
          <div key={total.key} className="rounded-lg bg-slate-50 p-3" data-testid={`movement-${total.key}`}>
            <p className={`text-sm font-semibold ${total.tone}`}>{total.label}</p>
            <p className="text-xs text-slate-500">
              <span data-testid="movement-count">{total.figures.count}</span>{' '}
              {total.figures.count === 1 ? 'movement' : 'movements'} ·{' '}
              <span data-testid="movement-units">{total.figures.units}</span>{' '}
              {total.figures.units === 1 ? 'unit' : 'units'}
            </p>
            <p className="mt-1 font-semibold text-slate-900" data-testid="movement-value">
              {formatMoney(total.figures.value)}
            </p>
          </div>
        ))}
      </div>
      <ReportTable
        columns={columns}
        rows={movements.byReason}
        rowKey={(row) => `${row.type}:${row.reason}`}
        testId="report-by-reason"
        rowTestId="reason-row"
        emptyText="No movements in this range."
      />
    </div>
  );
}
