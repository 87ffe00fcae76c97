import type { ReportSummary } from '@shop/contracts';
import { formatMoney } from '@/utils/format';
import { cn } from '@/utils/cn';
import { compareReports, type FigureComparison } from '../utils/known-at-diff';
import { LaterChangesList } from './later-changes-list';
import { stackedTable } from './report-table';

const show = (figure: FigureComparison, value: string) => (figure.kind === 'money' ? formatMoney(value) : value);

function showDifference(figure: FigureComparison): string {
  if (!figure.changed) return '—';
  const negative = figure.difference.startsWith('-');
  const magnitude = negative ? figure.difference.slice(1) : figure.difference;
  return `${negative ? '−' : '+'}${show(figure, magnitude)}`;
}

/**
 * The period's figures as they were known at the end of a past day beside today's corrected ones,
 * the changed lines marked (text and colour), then what was recorded since that explains them.
 */
export function KnownAtComparison({
  known,
  today,
  knownLabel,
}: {
  known: ReportSummary;
  today: ReportSummary;
  knownLabel: string;
}) {
  const figures = compareReports(known, today);
  const changed = figures.filter((figure) => figure.changed).length;
  return (
    <div className="space-y-4" data-testid="known-at-comparison">
      <p className="text-sm text-slate-700" data-testid="known-at-summary">
        {changed === 0
          ? `Today's figures are the same as those known at ${knownLabel}.`
          : `${changed} ${changed === 1 ? 'figure differs' : 'figures differ'} from those known at ${knownLabel}.`}
      </p>
      <div className="max-w-full min-w-0 overflow-x-auto" tabIndex={0} role="region" aria-label="Known then and today">
        <table role="table" className={stackedTable.table} data-testid="known-at-table">
          <thead role="rowgroup" className={stackedTable.head}>
            <tr role="row">
              <th role="columnheader" scope="col" className="px-3 py-2">
                Figure
              </th>
              <th role="columnheader" scope="col" className="px-3 py-2 text-right">
                Known then
              </th>
              <th role="columnheader" scope="col" className="px-3 py-2 text-right">
                Today
              </th>
              <th role="columnheader" scope="col" className="px-3 py-2 text-right">
                Change
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup" className={stackedTable.body}>
            {/* On phones: Known then beside Today, the (longer, signed) Change on a line of its own, so
                figures in the tens of millions of naira each have half the row or all of it. */}
            {figures.map((figure) => (
              <tr
                key={figure.key}
                data-testid="known-at-row"
                data-key={figure.key}
                data-changed={figure.changed}
                role="row"
                className={cn(stackedTable.row, 'max-sm:grid-cols-2 max-sm:px-2', figure.changed && 'bg-amber-50')}
              >
                <th
                  role="rowheader"
                  scope="row"
                  className={cn('px-3 py-2 font-medium text-slate-800', stackedTable.title, 'max-sm:col-span-2')}
                >
                  {figure.label}
                  {figure.changed && <span className="sr-only"> (changed)</span>}
                </th>
                <td
                  role="cell"
                  data-column="known"
                  data-label="Known then"
                  className={cn('px-3 py-2 text-right whitespace-nowrap text-slate-900', stackedTable.cell)}
                >
                  {show(figure, figure.known)}
                </td>
                <td
                  role="cell"
                  data-column="today"
                  data-label="Today"
                  className={cn('px-3 py-2 text-right whitespace-nowrap text-slate-900', stackedTable.cell)}
                >
                  {show(figure, figure.today)}
                </td>
                <td
                  role="cell"
                  data-column="change"
                  data-label="Change"
                  className={cn(
                    'px-3 py-2 text-right whitespace-nowrap',
                    stackedTable.cell,
                    'max-sm:col-span-2',
                    figure.changed ? 'font-semibold text-amber-900' : 'text-slate-600',
                  )}
                >
                  {showDifference(figure)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LaterChangesList recordedLater={known.recordedLater} />
    </div>
  );
}
