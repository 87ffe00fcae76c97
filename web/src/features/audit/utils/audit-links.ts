import type { AuditEntry } from '@shop/contracts';
import { paths } from '@/config/paths';

export type AuditLink = { href: string; label: string };

/** Where a row leads: the product's history, the sale's receipt, the order, the request or the user. */
export function auditLink(entry: AuditEntry): AuditLink | null {
  const id = encodeURIComponent(entry.entityId);
  switch (entry.entity) {
    case 'product':
      return { href: `${paths.products}?history=${id}`, label: 'Product history' };
    case 'sale':
      return { href: `${paths.transactions}?search=${id}`, label: 'Sale receipt' };
    case 'order':
      return { href: `${paths.dashboard}?order=${id}`, label: 'Online orders' };
    case 'support':
      return { href: `${paths.customerSupport}?request=${id}`, label: 'Support request' };
    case 'user':
    case 'setting':
    case 'contact':
      return { href: paths.settings, label: entry.entity === 'user' ? 'User' : 'Settings' };
    default:
      return null;
  }
}
