import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

const count = new Intl.NumberFormat('en-NG');

/** Previous / next over a client-side list, with "1–50 of 5,000" between them. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
  testId,
}: {
  /** Zero-based. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What is paged, for the navigation landmark's name ("Products pages"). */
  label: string;
  testId?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const first = page * pageSize + 1;
  const last = Math.min(total, first + pageSize - 1);
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2" data-testid={testId}>
      <Button
        variant="outline"
        size="sm"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
        data-testid="pager-previous"
      >
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        Previous
      </Button>
      <p className="text-xs text-slate-600" aria-live="polite" data-testid="pager-status">
        {count.format(first)}–{count.format(last)} of {count.format(total)}
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pages - 1}
        onClick={() => onPage(page + 1)}
        data-testid="pager-next"
      >
        Next
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}

/** The rows of one page, the page clamped to the list (a filter may shrink it under the pager). */
export function pageOf<Item>(items: readonly Item[], page: number, pageSize: number): { rows: Item[]; page: number } {
  const last = Math.max(0, Math.ceil(items.length / pageSize) - 1);
  const current = Math.min(page, last);
  return { rows: items.slice(current * pageSize, (current + 1) * pageSize), page: current };
}
