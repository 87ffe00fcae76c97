import { z } from 'zod';
import { PAGE_KEYS } from '../catalogue';
import { clipChars } from './text-fields';

/** How much of an unknown key the refusal quotes: zod's own message lists every key, whole. */
const QUOTED_KEY_MAX = 50;

/** The first unknown page, clipped, and how many more: never the whole body sent back. */
function unknownPages(keys: readonly string[]): string {
  const first = keys[0] ?? '';
  const clipped = clipChars(first, QUOTED_KEY_MAX);
  const quoted = clipped === first ? first : `${clipped}…`;
  return `Unknown page "${quoted}"${keys.length > 1 ? ` (and ${keys.length - 1} more)` : ''}`;
}

export const pagePermissions = z.object({
  assistant: z.partialRecord(z.enum(PAGE_KEYS), z.boolean(), {
    // zod raises unrecognized_keys for keys outside the enum, though the record's issue type omits it.
    error: (issue) => {
      const raised = issue as { code: string; keys?: readonly string[] };
      return raised.code === 'unrecognized_keys' && raised.keys ? unknownPages(raised.keys) : undefined;
    },
  }),
});
export type PagePermissions = z.infer<typeof pagePermissions>;

/**
 * PUT /api/settings/page_permissions: the whole object (spec section 7). `basedOn`, optional, is the
 * object the screen read before its change: then only the switches that differ from it are saved, so
 * a switch another manager turned meanwhile stays as they left it.
 */
export const updatePagePermissionsInput = z.object({ value: pagePermissions, basedOn: pagePermissions.optional() });
export type UpdatePagePermissionsInput = z.infer<typeof updatePagePermissionsInput>;

export const pagePermissionsSetting = z.object({
  key: z.literal('page_permissions'),
  value: pagePermissions,
  description: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PagePermissionsSetting = z.infer<typeof pagePermissionsSetting>;

/** Until a manager changes it, an assistant may sell and handle stock but not see reports or settings. */
export const DEFAULT_PAGE_PERMISSIONS: PagePermissions = {
  assistant: {
    dashboard: true,
    sales: true,
    'customer-store': true,
    inventory: true,
    transactions: true,
    products: false,
    reports: false,
    'customer-support': false,
    settings: false,
    // The audit trail shows who did what across the shop: a manager's page unless granted.
    audit: false,
  },
};

// The access rule has no schema in it, so the web app's entry can use it without loading zod.
export { canAccessPage } from './page-access';
