import { useEffect, useMemo, useState } from 'react';
import type { Product } from '@shop/contracts';
import type { ServerClock } from '@/lib/server-clock';
import { tillDb, type CachedCatalogue } from '../offline/till-db';

type CatalogueQuery = {
  data: { products: readonly Product[]; serverClock: ServerClock | null } | undefined;
  dataUpdatedAt: number;
};

/** The till's catalogue with when it was fetched and the server clock's offset from this browser's. */
export type TillCatalogue = {
  products: readonly Product[] | undefined;
  /** The server's time when it answered: an offline sale's catalogAsOf. */
  asOf: string | null;
  /** Server time minus this browser's time (ms): an offline sale's soldAt is Date.now() plus this. */
  clockOffsetMs: number;
  fromCache: boolean;
};

/**
 * The till's catalogue: the server's when it answers (kept in IndexedDB as the last known one),
 * else the last one kept, so the till sells with no network. Its time and the clock offset are the
 * server's, from its X-Server-Time header; an answer without it falls back to this browser's clock.
 */
export function useTillCatalogue(query: CatalogueQuery): TillCatalogue {
  const [cached, setCached] = useState<CachedCatalogue | null>(null);
  const { data, dataUpdatedAt } = query;
  const fetched = useMemo(
    () =>
      data && {
        products: data.products,
        asOf: data.serverClock?.serverTime ?? new Date(dataUpdatedAt || Date.now()).toISOString(),
        clockOffsetMs: data.serverClock?.offsetMs ?? 0,
      },
    [data, dataUpdatedAt],
  );

  useEffect(() => {
    if (!fetched) return;
    const { products, asOf, clockOffsetMs } = fetched;
    void tillDb.catalogue.put({ key: 'products', products: [...products], asOf, clockOffsetMs }).catch(() => undefined);
  }, [fetched]);

  useEffect(() => {
    if (data) return;
    let live = true;
    void tillDb.catalogue
      .get('products')
      .then((stored) => live && setCached(stored ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [data]);

  if (fetched) return { ...fetched, fromCache: false };
  return {
    products: cached?.products,
    asOf: cached?.asOf ?? null,
    clockOffsetMs: cached?.clockOffsetMs ?? 0,
    fromCache: cached !== null,
  };
}
