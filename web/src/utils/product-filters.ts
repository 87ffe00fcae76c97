import { PRODUCT_CATEGORIES, type Product } from '@shop/contracts';

/** Value of the category filter meaning "no category filter" (Radix Select items cannot be empty). */
export const ALL_CATEGORIES = 'all';

export type ProductFilter = { search: string; category: string };

/** No search, every category: what a page opens with, and what its address leaves out. */
export const emptyProductFilter: ProductFilter = { search: '', category: ALL_CATEGORIES };

/** A category in the address that is no category (edited by hand) counts as none chosen. */
export const isCategoryFilter = (value: string): boolean =>
  value === ALL_CATEGORIES || (PRODUCT_CATEGORIES as readonly string[]).includes(value);

/** Matches name or SKU, case-insensitive, within the chosen category. */
export function filterProducts(products: readonly Product[], { search, category }: ProductFilter): Product[] {
  const needle = search.trim().toLowerCase();
  return products.filter(
    (product) =>
      (category === ALL_CATEGORIES || product.category === category) &&
      (!needle || product.name.toLowerCase().includes(needle) || product.sku.toLowerCase().includes(needle)),
  );
}
