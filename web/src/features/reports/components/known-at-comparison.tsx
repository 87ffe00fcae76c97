import type { ReportSummary } from '@shop/contracts';
import { formatMoney } from '@/utils/format';
import { cn } from '@/utils/cn';
import { compareReports, type FigureComparison } from '../utils/known-at-diff';
import { LaterChangesList } from './later-changes-list';

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
        <table className="w-full text-left text-sm" data-testid="known-at-table">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Figure
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Known then
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Today
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Change
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {figures.map((figure) => (
              <tr
                key={figure.key}
                data-testid="known-at-row"
                data-key={figure.key}
                data-changed={figure.changed}
                className={cn(figure.changed && 'bg-amber-50')}
              >
                <th scope="row" className="px-3 py-2 font-medium text-slate-800">
                  {figure.label}
                  {figure.changed && <span className="sr-only"> (changed)</span>}
                </th>
                <td data-column="known" className="px-3 py-2 text-right whitespace-nowrap text-slate-900">
                  {show(figure, figure.known)}
                </td>
                <td data-column="today" className="px-3 py-2 text-right whitespace-nowrap text-slate-900">
                  {show(figure, figure.today)}
                </td>
                <td
                  data-column="change"
                  className={cn(
                    'px-3 py-2 text-right whitespace-nowrap',
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
