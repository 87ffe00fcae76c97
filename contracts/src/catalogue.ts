export const PRODUCT_CATEGORIES = [
  'Skincare Products',
  'Makeup Products',
  'Hair Care Products',
  'Fragrances',
  'Personal Care Products',
  'Body Care',
  'Nail Care',
  "Men's Grooming",
  'Beauty Tools & Accessories',
  'Gift Sets',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const STOCK_IN_REASONS = ['purchase', 'return', 'adjustment'] as const;
export const STOCK_OUT_REASONS = ['sale', 'waste', 'adjustment'] as const;
export type StockInReason = (typeof STOCK_IN_REASONS)[number];
export type StockOutReason = (typeof STOCK_OUT_REASONS)[number];
export type MovementReason = StockInReason | StockOutReason;
export const isStockInReason = (reason: string): reason is StockInReason =>
  (STOCK_IN_REASONS as readonly string[]).includes(reason);
export const isStockOutReason = (reason: string): reason is StockOutReason =>
  (STOCK_OUT_REASONS as readonly string[]).includes(reason);

/** A movement reason as every screen and the audit trail word it: "purchase" reads "Purchase". */
export const formatReason = (reason: string): string => reason.charAt(0).toUpperCase() + reason.slice(1);

export const PAGE_KEYS = [
  'dashboard',
  'sales',
  'customer-store',
  'inventory',
  'transactions',
  'products',
  'reports',
  'customer-support',
  'settings',
  'audit',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export const ROLES = ['manager', 'assistant'] as const;
export type Role = (typeof ROLES)[number];

export const SHOP_TIME_ZONE = 'Africa/Lagos';
export const CURRENCY = 'NGN';
export const LOCALE = 'en-NG';

export const MEDIA_LIMITS = {
  maxFiles: 5,
  maxFileBytes: 52_428_800,
  allowedTypes: ['image/*', 'video/*'],
} as const;

export const DASHBOARD_LIMITS = { recentTransactions: 4, lowStockAlerts: 3, bellCap: 99 } as const;
