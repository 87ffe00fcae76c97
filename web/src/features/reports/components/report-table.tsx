import type { ReactNode } from 'react';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { cn } from '@/utils/cn';

export type Column<Row> = { heading: string; cell: (row: Row) => ReactNode; numeric?: boolean };

/*
 * Below sm (640 px) each row is a small card: the first cell as its title, the others in two labelled
 * columns (the label is CSS generated from data-label, so a cell's text stays its value); nothing is
 * cut off or scrolls sideways. Explicit roles keep the table semantics that display:grid drops.
 */
export const stackedTable = {
  table: 'w-full text-left text-sm max-sm:block',
  head: 'border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase max-sm:sr-only',
  body: 'divide-y divide-slate-100 max-sm:block',
  /** Add the column count: max-sm:grid-cols-2 (cn does not merge conflicting classes). */
  row: 'max-sm:grid max-sm:gap-x-4 max-sm:gap-y-1 max-sm:py-2',
  /** Add the span: max-sm:col-span-2. */
  title: 'max-sm:px-0 max-sm:py-0 max-sm:font-medium',
  cell: cn(
    'max-sm:px-0 max-sm:py-0 max-sm:text-left',
    'max-sm:before:block max-sm:before:text-xs max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]',
  ),
};

/** A small table used by every report section: scrolls sideways if it must on wide screens, stacks on phones. */
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
    <ScrollRegion label={label ?? 'Report table'}>
      <table role="table" className={stackedTable.table} data-testid={testId}>
        <thead role="rowgroup" className={stackedTable.head}>
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.heading}
                role="columnheader"
                scope="col"
                className={column.numeric ? 'px-3 py-2 text-right' : 'px-3 py-2'}
              >
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className={stackedTable.body}>
          {rows.length === 0 ? (
            <tr role="row" className="max-sm:block">
              <td role="cell" colSpan={columns.length} className="px-3 py-6 text-center text-slate-600 max-sm:block">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                role="row"
                data-testid={rowTestId}
                data-key={rowKey(row)}
                className={cn(stackedTable.row, 'max-sm:grid-cols-2')}
              >
                {columns.map((column, index) => (
                  <td
                    key={column.heading}
                    role="cell"
                    data-column={column.heading}
                    data-label={column.heading}
                    className={cn(
                      column.numeric
                        ? 'px-3 py-2 text-right whitespace-nowrap text-slate-900'
                        : 'px-3 py-2 text-slate-700',
                      index === 0 ? cn(stackedTable.title, 'max-sm:col-span-2') : stackedTable.cell,
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
