import { PRODUCT_CATEGORIES, type Product } from '@shop/contracts';

/** Till search: name, SKU or category, case-insensitive. */
export function searchTill(products: readonly Product[], search: string): Product[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...products];
  return products.filter((product) =>
    [product.name, product.sku, product.category].some((field) => field.toLowerCase().includes(needle)),
  );
}

/** A barcode scanner types the SKU and Enter: the product whose SKU is exactly the text. */
/** A scanner types the SKU and Enter; SKUs are unique case-insensitively, so match them that way. */
export const findBySku = (products: readonly Product[], text: string): Product | undefined => {
  const sku = text.trim().toLowerCase();
  return sku ? products.find((product) => product.sku.toLowerCase() === sku) : undefined;
};

export type CategoryGroup = { category: string; products: Product[] };

const categoryRank = (category: string) => {
  const index = (PRODUCT_CATEGORIES as readonly string[]).indexOf(category);
  return index === -1 ? PRODUCT_CATEGORIES.length : index;
};

/** Groups in the catalogue's category order (unknown ones last, by name), products by name. */
export function groupByCategory(products: readonly Product[]): CategoryGroup[] {
  const groups = new Map<string, Product[]>();
  for (const product of products) {
    const group = groups.get(product.category);
    if (group) group.push(product);
    else groups.set(product.category, [product]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => categoryRank(a) - categoryRank(b) || a.localeCompare(b))
    .map(([category, items]) => ({ category, products: items.sort((a, b) => a.name.localeCompare(b.name)) }));
}
