import { Link } from 'react-router-dom';
import type { AuditEntry } from '@shop/contracts';
import { Badge } from '@/components/ui/badge';
import { usePageAccess } from '@/lib/page-permissions';
import { formatDateTime, formatMoney } from '@/utils/format';
import { auditLink } from '../utils/audit-links';
import { ENTITY_LABELS, ENTITY_TONES } from '../utils/entity-labels';

/** A changed value as the screens show it: a cost price in naira, a status in words. */
const shown = (field: string, value: string | null): string =>
  value === null ? 'none' : field === 'cost price' ? formatMoney(value) : value.replace(/_/g, ' ');

/** One event: when (Lagos time), who, which entity, what happened and what changed (before → after). */
export function AuditEntryRow({ entry }: { entry: AuditEntry }) {
  const { canAccess } = usePageAccess();
  const found = auditLink(entry);
  // No link to a page the user cannot open (an assistant given the audit trail but not that page).
  const link = found && canAccess(found.page) ? found : null;
  return (
    <li
      data-testid="audit-entry"
      data-event={entry.event}
      data-entity={entry.entity}
      data-entity-id={entry.entityId}
      className="flex flex-col gap-2 border-b border-slate-100 px-4 py-3 text-sm last:border-b-0 md:flex-row md:items-start md:gap-4"
    >
      <div className="flex shrink-0 flex-wrap items-center gap-2 md:w-56 md:flex-col md:items-start md:gap-1">
        <time dateTime={entry.at} className="text-slate-700" data-testid="audit-at">
          {formatDateTime(entry.at)}
        </time>
        <span className="text-slate-600" data-testid="audit-by">
          by <span className="font-medium text-slate-900">{entry.by}</span>
        </span>
      </div>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={ENTITY_TONES[entry.entity]} data-testid="audit-entity">
            {ENTITY_LABELS[entry.entity]}
          </Badge>
          <span className="text-xs text-slate-600">{entry.event}</span>
        </div>
        <p className="break-words text-slate-900" data-testid="audit-summary">
          {entry.summary}
        </p>
        {entry.changes.length > 0 && (
          <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="What changed">
            {entry.changes.map((change) => (
              <li key={change.field} data-testid="audit-change" className="text-slate-700">
                <span className="text-slate-600">{change.field}: </span>
                <span className="line-through decoration-slate-400">{shown(change.field, change.before)}</span>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> changed to </span>
                <span className="font-semibold text-slate-900">{shown(change.field, change.after)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {link && (
        <Link
          to={link.href}
          className="shrink-0 self-start rounded-md px-2 py-1 font-medium text-rose-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-rose-500 focus-visible:outline-none"
          data-testid="audit-entity-link"
        >
          {link.label}
          <span className="sr-only">: {entry.summary}</span>
        </Link>
      )}
    </li>
  );
}
