import { useEffect, useState } from 'react';
import { liveQuery } from 'dexie';
import { tillDb } from '../offline/till-db';

/**
 * On the sign-in screen: sales this till took offline wait for a session to be sent (a session that
 * expired while offline ends here). They keep the seller who took them.
 */
export function QueuedSalesNotice() {
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    const subscription = liveQuery(() => tillDb.queue.count()).subscribe({ next: setWaiting, error: () => setWaiting(0) });
    return () => subscription.unsubscribe();
  }, []);
  if (waiting === 0) return null;
  return (
    <p
      role="status"
      data-testid="queued-sales-notice"
      className="fixed inset-x-0 top-0 z-50 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950 shadow-sm"
    >
      {waiting} {waiting === 1 ? 'sale' : 'sales'} taken offline on this till {waiting === 1 ? 'is' : 'are'} waiting: sign in
      again to send {waiting === 1 ? 'it' : 'them'}.
    </p>
  );
}
