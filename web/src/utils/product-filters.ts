import type { Product } from '@shop/contracts';

/** Value of the category filter meaning "no category filter" (Radix Select items cannot be empty). */
export const ALL_CATEGORIES = 'all';

export type ProductFilter = { search: string; category: string };

/** Matches name or SKU, case-insensitive, within the chosen category. */
export function filterProducts(products: readonly Product[], { search, category }: ProductFilter): Product[] {
  const needle = search.trim().toLowerCase();
  return products.filter(
    (product) =>
      (category === ALL_CATEGORIES || product.category === category) &&
      (!needle || product.name.toLowerCase().includes(needle) || product.sku.toLowerCase().includes(needle)),
  );
}
