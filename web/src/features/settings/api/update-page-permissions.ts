import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PagePermissions, PagePermissionsSetting } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

/** PUT /api/settings/page_permissions with the whole permissions object (spec section 7). */
export const updatePagePermissions = (value: PagePermissions): Promise<PagePermissionsSetting> =>
  apiFetch<PagePermissionsSetting>(keyToPath(queryKeys.pagePermissions), { method: 'PUT', body: { value } });

export function useUpdatePagePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePagePermissions,
    onSuccess: (setting) => queryClient.setQueryData(queryKeys.pagePermissions, setting),
  });
}
