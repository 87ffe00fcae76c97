import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  ArrowLeftRight,
  Boxes,
  ChartColumn,
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

const page = <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) =>
  lazy(async () => ({ default: (await load())[name] }));

/**
 * Every signed-in page, in sidebar order. To add a page: build it under app/routes (composing
 * features), then point its entry here; routing, the access guard and the sidebar follow.
 */
export const appPages: readonly AppPage[] = [
  {
    key: 'dashboard',
    paths: [paths.dashboard, paths.home],
    navLabel: 'Dashboard',
    icon: LayoutDashboard,
    component: page(() => import('./routes/dashboard'), 'DashboardPage'),
  },
  {
    key: 'sales',
    paths: [paths.sales],
    navLabel: 'Sales Till',
    icon: ShoppingCart,
    component: page(() => import('./routes/sales'), 'SalesPage'),
  },
  {
    key: 'customer-store',
    paths: [paths.customerStore],
    navLabel: 'Store (Maintenance)',
    icon: Store,
    component: page(() => import('./routes/customer-store'), 'CustomerStorePage'),
  },
  {
    key: 'inventory',
    paths: [paths.inventory],
    navLabel: 'Inventory',
    icon: Boxes,
    component: page(() => import('./routes/inventory'), 'InventoryPage'),
  },
  {
    key: 'transactions',
    paths: [paths.transactions],
    navLabel: 'Transactions',
    icon: ArrowLeftRight,
    component: page(() => import('./routes/transactions'), 'TransactionsPage'),
  },
  {
    key: 'products',
    paths: [paths.products],
    navLabel: 'Products',
    icon: Package,
    component: page(() => import('./routes/products'), 'ProductsPage'),
  },
  {
    key: 'reports',
    paths: [paths.reports],
    navLabel: 'Reports',
    icon: ChartColumn,
    component: page(() => import('./routes/reports'), 'ReportsPage'),
  },
  {
    key: 'customer-support',
    paths: [paths.customerSupport],
    navLabel: 'Customer Support',
    icon: Headphones,
    component: page(() => import('./routes/customer-support'), 'CustomerSupportPage'),
  },
  {
    key: 'settings',
    paths: [paths.settings],
    navLabel: 'Settings',
    icon: Settings,
    component: page(() => import('./routes/settings'), 'SettingsPage'),
  },
];
