import { PAGE_KEYS, type PageKey, type PagePermissions } from '@shop/contracts';

/** Page names as the sidebar shows them. */
export const PAGE_LABELS: Readonly<Record<PageKey, string>> = {
  dashboard: 'Dashboard',
  sales: 'Sales Till',
  'customer-store': 'Store (Maintenance)',
  inventory: 'Inventory',
  transactions: 'Transactions',
  products: 'Products',
  reports: 'Reports',
  'customer-support': 'Customer Support',
  settings: 'Settings',
  audit: 'Audit Trail',
};

/** The whole permissions object with one page switched, every page key spelled out (missing = no access). */
export function withPageAccess(current: PagePermissions | undefined, page: PageKey, allowed: boolean): PagePermissions {
  const assistant = Object.fromEntries(
    PAGE_KEYS.map((key) => [key, key === page ? allowed : current?.assistant?.[key] === true]),
  ) as Record<PageKey, boolean>;
  return { ...current, assistant };
}
