import { z } from 'zod';
import { storableString } from './text-fields';
import { PRODUCT_CATEGORIES, MEDIA_LIMITS } from '../catalogue';
import { moneyOut, moneyString, optionalMoneyString, stockCount } from '../money';

export const mediaPath = z
  .string()
  // A file name, never '.' or '..' (which would name a folder): it starts with a letter or a digit.
  .regex(/^\/product-media\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Image paths must be /product-media/uploads/{file}');

export const createProductInput = z.object({
  name: storableString('Name', { error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(255, 'Name is too long'),
  sku: storableString('SKU', { error: 'SKU is required' }).trim().min(1, 'SKU is required').max(100, 'SKU is too long'),
  category: z.enum(PRODUCT_CATEGORIES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? 'Category is required'
        : `Category must be one of ${PRODUCT_CATEGORIES.join(', ')}`,
  }),
  price: moneyString('Price'),
  costPrice: optionalMoneyString('Cost price'),
  currentStock: stockCount('Current stock').default(0),
  minStockLevel: stockCount('Minimum stock level').default(0),
  description: storableString('Description').max(5000, 'Description is too long').optional().nullable(),
  images: z.array(mediaPath).max(MEDIA_LIMITS.maxFiles, `At most ${MEDIA_LIMITS.maxFiles} files`).default([]),
});
export type CreateProductInput = z.input<typeof createProductInput>;
export type CreateProductCommandInput = z.output<typeof createProductInput>;

export const productResponse = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  category: z.string(),
  price: moneyOut,
  costPrice: moneyOut.nullable(),
  currentStock: z.number().int(),
  minStockLevel: z.number().int(),
  description: z.string().nullable(),
  images: z.array(z.string()),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productResponse>;

/** The value of SERVER_TIME_HEADER (./server-time.ts) on GET /api/products. */
export const serverTimeHeader = z.iso.datetime({ offset: true, precision: 3 });

export type StockStatus = 'Out of Stock' | 'Low Stock' | 'In Stock';
/** Derived status (spec section 4): out at 0, low at or below the minimum level. */
export function stockStatus(product: Pick<Product, 'currentStock' | 'minStockLevel'>): StockStatus {
  if (product.currentStock <= 0) return 'Out of Stock';
  if (product.currentStock <= product.minStockLevel) return 'Low Stock';
  return 'In Stock';
}
