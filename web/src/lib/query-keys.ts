/**
 * Query keys are the GET path split into parts (spec section 7: "a GET on the key parts joined with
 * slashes"). Shared so that a mutation in one feature can invalidate what another feature reads.
 */
export const queryKeys = {
  pagePermissions: ['/api/settings', 'page_permissions'],
  products: ['/api/products'],
  transactions: ['/api/transactions'],
  dashboardMetrics: ['/api/dashboard/metrics'],
  users: ['/api/users'],
  contactInfo: ['/api/contact-info'],
  onlineOrders: ['/api/online-orders'],
  /** Also the prefix of `supportStats`: invalidating it refreshes both. */
  supportRequests: ['/api/customer-support'],
  supportStats: ['/api/customer-support', 'stats'],
} as const;

export const keyToPath = (key: readonly string[]): string => key.join('/');
