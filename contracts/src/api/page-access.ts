import type { PageKey } from '../catalogue';
import type { PagePermissions } from './settings.contract';

/** Spec section 6: a manager reaches every page; an assistant only pages marked true. */
export function canAccessPage(
  user: { role: string } | null | undefined,
  permissions: PagePermissions | null | undefined,
  page: PageKey,
): boolean {
  if (!user || !permissions) return false;
  if (user.role === 'manager') return true;
  return permissions.assistant?.[page] === true;
}
