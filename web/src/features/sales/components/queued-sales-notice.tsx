import { useEffect, useState } from 'react';
import { liveQuery } from 'dexie';
import { tillDb } from '../offline/till-db';

type QueueCounts = { waiting: number; refused: number };

const NONE: QueueCounts = { waiting: 0, refused: 0 };

const sales = (count: number) => `${count} ${count === 1 ? 'sale' : 'sales'}`;

/**
 * On the sign-in screen: sales this till took offline wait for a session to be sent (a session that
 * expired while offline ends here). They keep the seller who took them. Sales the server refused are
 * not sent by signing in (they wait for a manager on the till), so they are counted apart.
 */
export function QueuedSalesNotice() {
  const [counts, setCounts] = useState<QueueCounts>(NONE);
  useEffect(() => {
    const subscription = liveQuery(async () => {
      const queued = await tillDb.queue.toArray();
      const refused = queued.filter((sale) => sale.refusal !== null).length;
      return { waiting: queued.length - refused, refused };
    }).subscribe({
      next: setCounts,
      error: () => setCounts(NONE),
    });
    return () => subscription.unsubscribe();
  }, []);
  const { waiting, refused } = counts;
  if (waiting === 0 && refused === 0) return null;
  return (
    <div
      role="status"
      data-testid="queued-sales-status"
      className="fixed inset-x-0 top-0 z-50 space-y-0.5 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950 shadow-sm"
    >
      {waiting > 0 && (
        <p data-testid="queued-sales-notice">
          {sales(waiting)} taken offline on this till {waiting === 1 ? 'is' : 'are'} waiting: sign in again to send{' '}
          {waiting === 1 ? 'it' : 'them'}.
        </p>
      )}
      {refused > 0 && (
        <p data-testid="refused-sales-notice">
          {sales(refused)} refused by the server {refused === 1 ? 'waits' : 'wait'} for a manager on the till.
        </p>
      )}
    </div>
  );
}
