import { CloudOff, Printer, RefreshCw, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { openReceiptWindow, printReceipt } from '@/components/receipt/print-receipt';
import { toastError } from '@/components/toast/use-toast';
import { formatDateTime, formatMoney } from '@/utils/format';
import { koboToAmount } from '@shop/contracts';
import { offlineReceipt } from '../offline/offline-receipt';
import { discardRefused, retryRefused } from '../offline/sale-queue';
import type { QueuedSale } from '../offline/till-db';
import type { useTillQueue } from '../hooks/use-till-queue';

const plural = (count: number) => `${count} ${count === 1 ? 'sale' : 'sales'}`;

/** A queued sale's receipt, printed from what this till stored: it needs no connection. */
function printQueuedReceipt(sale: QueuedSale, nameOf: (productId: string) => string | undefined) {
  const popup = openReceiptWindow();
  if (!popup) {
    toastError('The receipt window was blocked. Allow pop-ups for this site and try again.');
    return;
  }
  printReceipt(popup, offlineReceipt(sale, nameOf), null);
}

/** A discarded sale is never recorded: the browser asks first, as for a delete. */
function confirmDiscard(saleId: string) {
  const asked = `Are you sure you want to discard the refused sale ${saleId}? It will never be recorded, and its items stop counting against the stock shown. This action cannot be undone.`;
  if (!window.confirm(asked)) return;
  discardRefused(saleId).catch(() => toastError('The sale could not be discarded on this till. Please try again.'));
}

/** The till's calm word on the connection: offline or not, how many sales wait to be sent, their receipts. */
export function TillOfflineStatus({
  queue,
  canDiscard,
  nameOf,
}: {
  queue: ReturnType<typeof useTillQueue>;
  /** Managers may discard a refused sale (it was recorded another way, or a mistake). */
  canDiscard: boolean;
  /** Product names of the last known catalogue, for sales queued before their names were kept. */
  nameOf: (productId: string) => string | undefined;
}) {
  const { online, waiting, refused, outcome, syncing, syncNow } = queue;
  const pending = queue.sales.filter((sale) => !sale.refusal);
  if (online && waiting === 0 && refused.length === 0) return null;
  return (
    <section
      aria-label="Connection"
      data-testid="till-offline-status"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <div className="flex flex-wrap items-center gap-3">
        {!online && <CloudOff className="h-5 w-5 shrink-0" aria-hidden="true" />}
        <p role="status" className="min-w-0 flex-1" data-testid="till-queue-count">
          {online ? 'Online. ' : 'Offline: the till keeps selling and keeps each sale on this device. '}
          {waiting > 0 ? `${plural(waiting)} waiting to sync.` : 'No sales waiting to sync.'}
          {online && outcome === 'signed-out' && ' Sign in again to send them.'}
        </p>
        {online && waiting > 0 && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => void syncNow()}
            disabled={syncing}
            data-testid="till-sync-now"
          >
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
            {syncing ? 'Syncing…' : 'Sync now'}
          </Button>
        )}
      </div>
      {pending.length > 0 && (
        <ul
          className="mt-3 space-y-1 border-t border-amber-200 pt-3"
          data-testid="till-waiting-sales"
          aria-label="Sales waiting to sync"
        >
          {pending.map((sale) => (
            <li key={sale.saleId} className="flex flex-wrap items-center gap-2" data-testid="till-waiting-sale">
              <span className="min-w-0 flex-1">
                {sale.payload.offline ? formatDateTime(sale.payload.offline.soldAt) : sale.saleId} ·{' '}
                {formatMoney(koboToAmount(BigInt(sale.totalKobo)))}
              </span>
              <Button
                size="sm"
                variant="outline"
                onClick={() => printQueuedReceipt(sale, nameOf)}
                data-testid="till-waiting-receipt"
              >
                <Printer className="h-4 w-4" aria-hidden="true" />
                Receipt
              </Button>
            </li>
          ))}
        </ul>
      )}
      {refused.length > 0 && (
        <div className="mt-3 border-t border-amber-200 pt-3" data-testid="till-refused-sales">
          <p className="font-medium">{plural(refused.length)} the server refused; a manager must resolve:</p>
          <p className="text-xs text-amber-900">
            {canDiscard
              ? 'Until resolved they count against the stock shown. Discard one that was recorded another way.'
              : 'Until resolved they count against the stock shown. A manager can discard them on this till.'}
          </p>
          <ul className="mt-1 space-y-1">
            {refused.map((sale) => (
              <li key={sale.saleId} className="flex flex-wrap items-center gap-2" data-testid="till-refused-sale">
                <span className="font-mono text-xs">{sale.saleId}</span>
                <span className="min-w-0 flex-1">{sale.refusal}</span>
                <Button size="sm" variant="outline" onClick={() => void retryRefused(sale.saleId)}>
                  Try again
                </Button>
                {canDiscard && (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => confirmDiscard(sale.saleId)}
                    aria-label={`Discard sale ${sale.saleId}`}
                    data-testid="till-discard-refused"
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    Discard
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
