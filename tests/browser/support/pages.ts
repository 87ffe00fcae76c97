/** Spec section 2 and 6: every signed-in page, in sidebar order, with its path and sidebar label. */
export const PAGES = [
  { key: 'dashboard', path: '/dashboard', label: 'Dashboard' },
  { key: 'sales', path: '/sales', label: 'Sales Till' },
  { key: 'customer-store', path: '/customer-store', label: 'Store (Maintenance)' },
  { key: 'inventory', path: '/inventory', label: 'Inventory' },
  { key: 'transactions', path: '/transactions', label: 'Transactions' },
  { key: 'products', path: '/products', label: 'Products' },
  { key: 'reports', path: '/reports', label: 'Reports' },
  { key: 'customer-support', path: '/customer-support', label: 'Customer Support' },
  { key: 'settings', path: '/settings', label: 'Settings' },
  { key: 'audit', path: '/audit', label: 'Audit Trail' },
] as const;

/** Page keys as the permission switches list them, with their sidebar labels. */
export const PAGE_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  PAGES.map(({ key, label }) => [key, label]),
);

export const ACCESS_RESTRICTED_TEXT =
  "You don't have permission to access this page. Contact your manager if you need access.";
