import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  ArrowLeftRight,
  Boxes,
  ChartColumn,
  FileClock,
  Headphones,
  LayoutDashboard,
  Package,
  Settings,
  ShoppingCart,
  Store,
  type LucideIcon,
} from 'lucide-react';
import type { PageKey } from '@shop/contracts';
import { paths } from '@/config/paths';

export type AppPage = {
  key: PageKey;
  /** First path is the canonical one (sidebar link); the rest are aliases. */
  paths: readonly string[];
  navLabel: string;
  icon: LucideIcon;
  component: LazyExoticComponent<ComponentType>;
};

const lazyPage = <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) =>
  lazy(async () => ({ default: (await load())[name] }));

/** Each page's screen (app/routes), loaded on its first visit. */
const pageComponents: Record<PageKey, AppPage['component']> = {
  dashboard: lazyPage(() => import('./routes/dashboard'), 'DashboardPage'),
  sales: lazyPage(() => import('./routes/sales'), 'SalesPage'),
  'customer-store': lazyPage(() => import('./routes/customer-store'), 'CustomerStorePage'),
  inventory: lazyPage(() => import('./routes/inventory'), 'InventoryPage'),
  transactions: lazyPage(() => import('./routes/transactions'), 'TransactionsPage'),
  products: lazyPage(() => import('./routes/products'), 'ProductsPage'),
  reports: lazyPage(() => import('./routes/reports'), 'ReportsPage'),
  'customer-support': lazyPage(() => import('./routes/customer-support'), 'CustomerSupportPage'),
  settings: lazyPage(() => import('./routes/settings'), 'SettingsPage'),
  audit: lazyPage(() => import('./routes/audit'), 'AuditPage'),
};

const signedInPages: readonly Omit<AppPage, 'component'>[] = [
  { key: 'dashboard', paths: [paths.dashboard, paths.home], navLabel: 'Dashboard', icon: LayoutDashboard },
  { key: 'sales', paths: [paths.sales], navLabel: 'Sales Till', icon: ShoppingCart },
  { key: 'customer-store', paths: [paths.customerStore], navLabel: 'Store (Maintenance)', icon: Store },
  { key: 'inventory', paths: [paths.inventory], navLabel: 'Inventory', icon: Boxes },
  { key: 'transactions', paths: [paths.transactions], navLabel: 'Transactions', icon: ArrowLeftRight },
  { key: 'products', paths: [paths.products], navLabel: 'Products', icon: Package },
  { key: 'reports', paths: [paths.reports], navLabel: 'Reports', icon: ChartColumn },
  { key: 'customer-support', paths: [paths.customerSupport], navLabel: 'Customer Support', icon: Headphones },
  { key: 'settings', paths: [paths.settings], navLabel: 'Settings', icon: Settings },
  { key: 'audit', paths: [paths.audit], navLabel: 'Audit Trail', icon: FileClock },
];

/**
 * Every signed-in page, in sidebar order. To add a page: build it under app/routes (composing
 * features), then give it a line in both tables above; routing, the access guard and the sidebar follow.
 */
export const appPages: readonly AppPage[] = signedInPages.map((page) => ({
  ...page,
  component: pageComponents[page.key],
}));

/** Screens reached from a page rather than the sidebar, guarded by that page's key. */
export const subPages: readonly { key: PageKey; path: string; component: AppPage['component'] }[] = [
  { key: 'inventory', path: paths.stocktake, component: lazyPage(() => import('./routes/stocktake'), 'StocktakePage') },
];
