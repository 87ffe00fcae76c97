import { useEffect, useState } from 'react';
import type { Product } from '@shop/contracts';
import { tillDb, type CachedCatalogue } from '../offline/till-db';

type CatalogueQuery = { data: readonly Product[] | undefined; dataUpdatedAt: number };

/**
 * The till's catalogue: the server's when it answers (kept in IndexedDB as the last known one),
 * else the last one kept, so the till sells with no network. `asOf` is when it was fetched.
 */
export function useTillCatalogue(query: CatalogueQuery) {
  const [cached, setCached] = useState<CachedCatalogue | null>(null);

  useEffect(() => {
    if (!query.data) return;
    const asOf = new Date(query.dataUpdatedAt || Date.now()).toISOString();
    void tillDb.catalogue.put({ key: 'products', products: [...query.data], asOf }).catch(() => undefined);
  }, [query.data, query.dataUpdatedAt]);

  useEffect(() => {
    if (query.data) return;
    let live = true;
    void tillDb.catalogue
      .get('products')
      .then((stored) => live && setCached(stored ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [query.data]);

  if (query.data) return { products: query.data, asOf: new Date(query.dataUpdatedAt || Date.now()).toISOString(), fromCache: false };
  return { products: cached?.products, asOf: cached?.asOf ?? null, fromCache: cached !== null };
}
