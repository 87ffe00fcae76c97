import type { Product } from '@shop/contracts';
import { formatMoney, formatNullableMoney, toIsoString } from '../shared/sql-values';

export interface ProductRow {
  id: string;
  name: string;
  sku: string;
  category: string;
  price: string;
  cost_price: string | null;
  current_stock: number;
  min_stock_level: number;
  description: string | null;
  images: string[] | null;
  created_at: Date | string;
}

export const PRODUCT_COLUMNS = [
  'id',
  'name',
  'sku',
  'category',
  'price',
  'cost_price',
  'current_stock',
  'min_stock_level',
  'description',
  'images',
  'created_at',
] as const;

export function toProductResponse(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    category: row.category,
    price: formatMoney(row.price),
    costPrice: formatNullableMoney(row.cost_price),
    currentStock: Number(row.current_stock),
    minStockLevel: Number(row.min_stock_level),
    description: row.description,
    images: row.images ?? [],
    createdAt: toIsoString(row.created_at),
  };
}
