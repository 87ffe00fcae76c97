import type { LaterChange, ReportSummary } from '@shop/contracts';
import { formatDateTime, formatMoney, formatReason } from '@/utils/format';

const describe = (change: LaterChange): string => {
  switch (change.kind) {
    case 'reversal':
      return change.type === 'in' ? 'Reversal of a sale' : 'Reversal';
    case 'sale':
      return 'Sale entered later';
    case 'movement':
      return `${change.type === 'in' ? 'Stock in' : 'Stock out'} (${formatReason(change.reason)})`;
    default: {
      const never: never = change.kind;
      return never;
    }
  }
};

/** The later corrections and entries that make today's figures differ from those known then. */
export function LaterChangesList({ recordedLater }: { recordedLater: ReportSummary['recordedLater'] }) {
  if (recordedLater.count === 0) {
    return (
      <p className="text-sm text-slate-600" data-testid="later-changes-none">
        Nothing touching this period was recorded since then.
      </p>
    );
  }
  const more = recordedLater.count - recordedLater.entries.length;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-700">
        Recorded since then ({recordedLater.count}), which today&apos;s figures include
      </h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="later-changes">
        {recordedLater.entries.map((change) => (
          <li
            key={change.movementId}
            className="space-y-1 px-3 py-2 text-sm"
            data-testid="later-change"
            data-kind={change.kind}
            data-sku={change.productSku}
          >
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              {/* A name with no space (a brand's run-together name) wraps anywhere rather than past the row. */}
              <span className="min-w-0 font-medium wrap-anywhere text-slate-900" data-testid="later-change-what">
                {describe(change)}: {change.productName}{' '}
                <span className="font-mono text-xs text-slate-600">{change.productSku}</span>
              </span>
              <span className="whitespace-nowrap text-slate-900" data-testid="later-change-amount">
                {change.type === 'in' ? '+' : '−'}
                {change.quantity} · {formatMoney(change.totalValue)}
              </span>
            </p>
            <p className="text-xs text-slate-600" data-testid="later-change-when">
              {change.kind === 'reversal' && change.effectiveAt !== change.recordedAt
                ? `Of the sale of ${formatDateTime(change.effectiveAt)}; recorded ${formatDateTime(change.recordedAt)}`
                : `Recorded ${formatDateTime(change.recordedAt)}`}{' '}
              by {change.by}
              {change.saleId && <> · Sale {change.saleId}</>}
            </p>
            {change.notes && (
              <p className="text-xs break-words text-slate-700" data-testid="later-change-notes">
                Reason: {change.notes}
              </p>
            )}
          </li>
        ))}
      </ul>
      {more > 0 && <p className="text-xs text-slate-600">…and {more} more not listed here.</p>}
    </div>
  );
}
