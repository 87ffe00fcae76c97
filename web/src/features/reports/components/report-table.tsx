import type { ReactNode } from 'react';

export type Column<Row> = { heading: string; cell: (row: Row) => ReactNode; numeric?: boolean };

/** A small scrollable table used by every report section. */
export function ReportTable<Row>({
  columns,
  rows,
  rowKey,
  testId,
  rowTestId,
  emptyText,
  label,
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  testId: string;
  rowTestId?: string;
  emptyText: string;
  /** Names the scrollable region, which keyboard users reach with Tab to scroll it sideways. */
  label?: string;
}) {
  return (
    <div className="max-w-full min-w-0 overflow-x-auto" tabIndex={0} role="region" aria-label={label ?? 'Report table'}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.heading} scope="col" className={column.numeric ? 'px-3 py-2 text-right' : 'px-3 py-2'}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-slate-500">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId} data-key={rowKey(row)}>
                {columns.map((column) => (
                  <td
                    key={column.heading}
                    data-column={column.heading}
                    className={
                      column.numeric
                        ? 'px-3 py-2 text-right whitespace-nowrap text-slate-900'
                        : 'px-3 py-2 text-slate-700'
                    }
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
