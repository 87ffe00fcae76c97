import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shop/contracts';
import { apiFetchWithServerClock } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';
import type { ServerClock } from '@/lib/server-clock';

/** The catalogue and the server's clock when it answered (the offline till stamps its sales with it). */
export type ProductCatalogue = { products: Product[]; serverClock: ServerClock | null };

export const getProductCatalogue = async (signal?: AbortSignal): Promise<ProductCatalogue> => {
  const { body, serverClock } = await apiFetchWithServerClock<Product[]>(keyToPath(queryKeys.products), { signal });
  return { products: body, serverClock };
};

export const productsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.products, queryFn: ({ signal }) => getProductCatalogue(signal) });

// Stable, so a refetch that changes nothing hands the screens the same array.
const selectProducts = (catalogue: ProductCatalogue) => catalogue.products;

export const useProducts = () => useQuery({ ...productsQueryOptions(), select: selectProducts });

/** The till's read of the same query: the products with the server's clock. */
export const useProductCatalogue = () => useQuery(productsQueryOptions());
