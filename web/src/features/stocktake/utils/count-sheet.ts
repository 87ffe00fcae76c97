import type { Product } from '@shop/contracts';
import { ALL_CATEGORIES } from '@/utils/product-filters';

export type SheetLine = {
  product: Product;
  /** As typed; '' is not counted yet. */
  counted: string;
  /** The whole number counted, null while blank; NaN when the text is not a whole number ≥ 0. */
  countedQuantity: number | null;
  difference: number | null;
};

const WHOLE = /^\d+$/;

export const parseCount = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return WHOLE.test(trimmed) ? Number(trimmed) : Number.NaN;
};

/** The products of the chosen category, by name, with what has been counted so far. */
export function buildSheet(
  products: readonly Product[],
  category: string,
  counts: Record<string, string>,
): SheetLine[] {
  return products
    .filter((product) => category === ALL_CATEGORIES || product.category === category)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((product) => {
      const counted = counts[product.id] ?? '';
      const countedQuantity = parseCount(counted);
      return {
        product,
        counted,
        countedQuantity,
        difference:
          countedQuantity === null || Number.isNaN(countedQuantity) ? null : countedQuantity - product.currentStock,
      };
    });
}

export const signedDifference = (difference: number) => (difference > 0 ? `+${difference}` : String(difference));
