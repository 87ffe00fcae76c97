import type { AuditEntry, PageKey } from '@shop/contracts';
import { paths } from '@/config/paths';

/** `page`: the page the link opens, which the signed-in user may not have. */
export type AuditLink = { href: string; label: string; page: PageKey };

/** Where a row leads: the product's history, the sale's receipt, the order, the request or the user. */
export function auditLink(entry: AuditEntry): AuditLink | null {
  const id = encodeURIComponent(entry.entityId);
  switch (entry.entity) {
    case 'product':
      return { href: `${paths.products}?history=${id}`, label: 'Product history', page: 'products' };
    case 'sale':
      return { href: `${paths.transactions}?search=${id}`, label: 'Sale receipt', page: 'transactions' };
    case 'order':
      return { href: `${paths.dashboard}?order=${id}`, label: 'Online orders', page: 'dashboard' };
    case 'support':
      return { href: `${paths.customerSupport}?request=${id}`, label: 'Support request', page: 'customer-support' };
    case 'user':
    case 'setting':
    case 'contact':
      return { href: paths.settings, label: entry.entity === 'user' ? 'User' : 'Settings', page: 'settings' };
    default:
      return null;
  }
}
