import type { ReactNode } from 'react';
import { NotificationBell } from '@/features/dashboard/components/notification-bell';
import { AddProductDialog } from '@/features/products/components/add-product-dialog';
import { usePageAccess } from '@/lib/page-permissions';

type PageHeaderProps = {
  title: string;
  subtitle?: string;
  /** The Add Product button is shown unless a page opts out, to users whose pages can add products. */
  showAddProduct?: boolean;
  /** Extra page actions, shown before the bell. */
  actions?: ReactNode;
};

export function PageHeader({ title, subtitle, showAddProduct = true, actions }: PageHeaderProps) {
  const { canAccess } = usePageAccess();
  // POST /api/products is granted by the Products and Inventory pages (docs/access.md).
  const mayAddProduct = canAccess('products') || canAccess('inventory');
  return (
    <header
      data-testid="page-header"
      className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-500">{subtitle}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {actions}
        <NotificationBell />
        {showAddProduct && mayAddProduct && <AddProductDialog />}
      </div>
    </header>
  );
}
