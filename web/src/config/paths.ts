export const paths = {
  home: '/',
  dashboard: '/dashboard',
  sales: '/sales',
  customerStore: '/customer-store',
  inventory: '/inventory',
  stocktake: '/inventory/stocktake',
  transactions: '/transactions',
  products: '/products',
  reports: '/reports',
  customerSupport: '/customer-support',
  settings: '/settings',
  audit: '/audit',
  publicStore: '/store',
  customerProfile: '/customer-profile',
} as const;

/** Inventory showing only the products at or below their minimum level (the dashboard's low-stock list, whole). */
export const LOW_STOCK_PARAM = { name: 'stock', value: 'low' } as const;
export const inventoryLowStockPath = `${paths.inventory}?${LOW_STOCK_PARAM.name}=${LOW_STOCK_PARAM.value}`;
