import { z } from 'zod';
import { PAGE_KEYS } from '../catalogue';

export const pagePermissions = z.object({
  assistant: z.partialRecord(z.enum(PAGE_KEYS), z.boolean()),
});
export type PagePermissions = z.infer<typeof pagePermissions>;

export const updatePagePermissionsInput = z.object({ value: pagePermissions });

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
