import { useCallback, useEffect, useRef, useState } from 'react';
import { liveQuery } from 'dexie';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { syncQueue, type SyncOutcome } from '../offline/sale-queue';
import { tillDb, type QueuedSale } from '../offline/till-db';
import { useOnlineStatus } from './use-online-status';

/** A sale that left the queue (the server took it) at `sentAt` (this browser's clock, ms). */
export type SentSale = { sale: QueuedSale; sentAt: number };

const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 60_000;

/**
 * The offline queue as the screen shows it (live across tabs), and the loop that sends it: when the
 * connection returns, at start, on demand, and after a failure with a doubling delay (2 s to 1 min).
 */
export function useTillQueue() {
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const [sales, setSales] = useState<QueuedSale[]>([]);
  // Sales that left the queue (sent) and when: the catalogue counts them only once refetched after that.
  const [sent, setSent] = useState<SentSale[]>([]);
  const previous = useRef<QueuedSale[]>([]);
  const [outcome, setOutcome] = useState<SyncOutcome | null>(null);
  const [syncing, setSyncing] = useState(false);
  const retryDelay = useRef(FIRST_RETRY_MS);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const subscription = liveQuery(() => tillDb.queue.orderBy('seq').toArray()).subscribe({
      next: (next) => {
        const still = new Set(next.map((sale) => sale.saleId));
        // A sale leaves when the server took it, or when a manager discarded it while refused
        // (never sent, so the catalogue will never count it).
        const left = previous.current.filter((sale) => !still.has(sale.saleId) && !sale.refusal);
        previous.current = next;
        if (left.length > 0) {
          const at = Date.now();
          setSent((current) => [...current, ...left.map((sale) => ({ sale, sentAt: at }))]);
        }
        setSales(next);
      },
      error: () => setSales([]),
    });
    return () => subscription.unsubscribe();
  }, []);

  const syncNow = useCallback(async () => {
    window.clearTimeout(timer.current);
    setSyncing(true);
    try {
      const result = await syncQueue().catch((): SyncOutcome => 'retry');
      setOutcome(result);
      if (result === 'done') {
        retryDelay.current = FIRST_RETRY_MS;
        await Promise.all(
          [queryKeys.products, queryKeys.transactions, queryKeys.dashboardMetrics].map((queryKey) =>
            queryClient.invalidateQueries({ queryKey }),
          ),
        );
      } else if (result !== 'signed-out') {
        timer.current = window.setTimeout(() => void syncNow(), retryDelay.current);
        retryDelay.current = Math.min(retryDelay.current * 2, LONGEST_RETRY_MS);
      }
    } finally {
      setSyncing(false);
    }
  }, [queryClient]);

  const waiting = sales.filter((sale) => !sale.refusal).length;
  const hasWaiting = waiting > 0;
  useEffect(() => {
    if (online && hasWaiting) void syncNow();
    return () => window.clearTimeout(timer.current);
  }, [online, hasWaiting, syncNow]);

  return { online, sales, sent, waiting, refused: sales.filter((sale) => sale.refusal), outcome, syncing, syncNow };
}
