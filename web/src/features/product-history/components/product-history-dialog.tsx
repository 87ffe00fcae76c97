import type { ReactNode } from 'react';
import type { HistoryEntry } from '@shop/contracts';
import { LoadFailed } from '@/components/feedback/load-failed';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatMoney, formatReason } from '@/utils/format';
import { useProductHistory } from '../api/get-product-history';

const eventLabels: Record<HistoryEntry['event'], { label: string; tone: BadgeTone }> = {
  ProductCreated: { label: 'Created', tone: 'info' },
  StockReceived: { label: 'Stock In', tone: 'success' },
  StockIssued: { label: 'Stock Out', tone: 'danger' },
  ProductDeleted: { label: 'Deleted', tone: 'neutral' },
};

const signed = (change: number) => (change > 0 ? `+${change}` : String(change));

function EntryFact({
  label,
  value,
  testId,
  wide,
}: {
  label: string;
  value: string | null;
  testId?: string;
  wide?: boolean;
}) {
  if (value === null || value === '') return null;
  return (
    <div className={wide ? 'col-span-2 min-w-0' : 'min-w-0'}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="break-words text-slate-800" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A movement of the history, as an action (the manager's Reverse) needs it. */
export type HistoryMovement = {
  id: string;
  productName: string;
  type: 'in' | 'out';
  quantity: number;
  reason: string | null;
  reversedBy: string | null;
  reverses: string | null;
};

const entryDomId = (movementId: string) => `history-movement-${movementId}`;

/** Jumps to the linked entry of the same history (a reversal and its original point at each other). */
function jumpTo(movementId: string) {
  const target = document.getElementById(entryDomId(movementId));
  target?.scrollIntoView({ block: 'center' });
  target?.focus();
}

function EntryLink({ label, movementId, testId }: { label: string; movementId: string; testId: string }) {
  return (
    <div className="col-span-2 min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd>
        <button
          type="button"
          onClick={() => jumpTo(movementId)}
          className="font-mono text-xs break-all text-sky-800 underline underline-offset-2 hover:text-sky-950 focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:outline-none"
          data-testid={testId}
          data-movement-id={movementId}
        >
          {movementId}
        </button>
      </dd>
    </div>
  );
}

function HistoryEntryItem({
  entry,
  productName,
  actions,
}: {
  entry: HistoryEntry;
  productName: string;
  actions?: (movement: HistoryMovement) => ReactNode;
}) {
  const event = eventLabels[entry.event];
  const reference = entry.saleId ? `Sale ${entry.saleId}` : null;
  const movement: HistoryMovement | null =
    entry.movementId && entry.type
      ? {
          id: entry.movementId,
          productName,
          type: entry.type,
          quantity: entry.quantity,
          reason: entry.reason,
          reversedBy: entry.reversedBy,
          reverses: entry.reference,
        }
      : null;
  return (
    <li
      id={entry.movementId ? entryDomId(entry.movementId) : undefined}
      tabIndex={entry.movementId ? -1 : undefined}
      data-testid="history-entry"
      data-entry-no={entry.entryNo}
      data-event={entry.event}
      data-movement-id={entry.movementId ?? undefined}
      className="rounded-lg border border-slate-200 p-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-400"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Badge tone={event.tone} data-testid="history-event">
            {event.label}
          </Badge>
          <span className="text-xs text-slate-500" data-testid="history-at">
            {formatDateTime(entry.at)}
          </span>
        </div>
        <div className="flex items-baseline gap-3">
          <span
            className={entry.change < 0 ? 'font-semibold text-rose-700' : 'font-semibold text-emerald-700'}
            data-testid="history-change"
          >
            {signed(entry.change)}
          </span>
          <span className="text-slate-600">
            Balance{' '}
            <span className="font-semibold text-slate-900" data-testid="history-balance">
              {entry.balanceAfter}
            </span>
          </span>
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <EntryFact
          label="By"
          value={entry.staff && entry.staff !== entry.by ? `${entry.by} (staff ${entry.staff})` : entry.by}
          testId="history-by"
        />
        <EntryFact label="Reason" value={entry.reason && formatReason(entry.reason)} testId="history-reason" />
        <EntryFact
          label="Unit price"
          value={entry.unitPrice === null ? null : formatMoney(entry.unitPrice)}
          testId="history-unit-price"
        />
        <EntryFact
          label="Total"
          value={entry.totalValue === null ? null : formatMoney(entry.totalValue)}
          testId="history-total"
        />
        <EntryFact label="Price" value={formatMoney(entry.price)} testId="history-price" />
        <EntryFact
          label={entry.costChanged ? 'Cost (changed)' : 'Cost'}
          value={
            entry.costInForce === null
              ? null
              : entry.costChanged && entry.previousCost !== null
                ? `${formatMoney(entry.previousCost)} → ${formatMoney(entry.costInForce)}`
                : formatMoney(entry.costInForce)
          }
          testId="history-cost"
        />
        {entry.soldAt && (
          <EntryFact label="Sold offline" value={formatDateTime(entry.soldAt)} testId="history-sold-at" wide />
        )}
        <EntryFact label="Reference" value={reference} testId="history-reference" wide />
        {entry.reference && <EntryLink label="Reverses" movementId={entry.reference} testId="history-reverses" />}
        {entry.reversedBy && (
          <EntryLink label="Reversed by" movementId={entry.reversedBy} testId="history-reversed-by" />
        )}
      </dl>
      {entry.stocktake && (
        <p className="mt-1 text-xs text-slate-600">
          Stocktake: expected {entry.stocktake.expectedQuantity}, counted {entry.stocktake.countedQuantity}
        </p>
      )}
      {entry.notes && (
        <p className="mt-1 text-xs break-words text-slate-600" data-testid="history-notes">
          {entry.notes}
        </p>
      )}
      {movement && actions && <div className="mt-2 flex justify-end">{actions(movement)}</div>}
    </li>
  );
}

type ProductHistoryDialogProps = {
  productId: string;
  /** Null when opened from a link (the audit trail): the name comes with the history. */
  productName: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Actions per movement entry (the manager's Reverse). */
  entryActions?: (movement: HistoryMovement) => ReactNode;
};

/** Every entry of the product's ledger, oldest first, with the balance after each. */
export function ProductHistoryDialog({
  productId,
  productName,
  open,
  onOpenChange,
  entryActions,
}: ProductHistoryDialogProps) {
  const history = useProductHistory(productId, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" data-testid="product-history" data-product-id={productId}>
        <DialogHeader>
          <DialogTitle>History: {productName ?? history.data?.product.name ?? 'Product'}</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {history.data
              ? `${history.data.product.sku} · ${history.data.product.category} · now ${history.data.product.currentStock} in stock`
              : 'Every stock movement, oldest first'}
          </DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <div className="flex justify-center py-10 text-slate-500">
            <Spinner className="h-6 w-6" />
          </div>
        ) : history.isError ? (
          <LoadFailed
            message="The history could not be loaded."
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
            padding="py-10"
            testId="history-load-failed"
          />
        ) : (
          <>
            {history.data.lowStock && (
              <p
                className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-800"
                data-testid="history-low-stock"
              >
                At or below the minimum level since {formatDateTime(history.data.lowStock.since)}
              </p>
            )}
            <ol className="space-y-2">
              {[...history.data.entries]
                .sort((a, b) => a.entryNo - b.entryNo)
                .map((entry) => (
                  <HistoryEntryItem
                    key={entry.entryNo}
                    entry={entry}
                    productName={history.data.product.name}
                    actions={entryActions}
                  />
                ))}
            </ol>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
