export const paths = {
  home: '/',
  dashboard: '/dashboard',
  sales: '/sales',
  customerStore: '/customer-store',
  inventory: '/inventory',
  transactions: '/transactions',
  products: '/products',
  reports: '/reports',
  customerSupport: '/customer-support',
  settings: '/settings',
  publicStore: '/store',
  customerProfile: '/customer-profile',
} as const;
