import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PagePermissionsSetting, UpdatePagePermissionsInput } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

/**
 * PUT /api/settings/page_permissions with the whole permissions object (spec section 7), and the
 * object it was changed from (`basedOn`), so the server saves only what changed.
 */
export const updatePagePermissions = (input: UpdatePagePermissionsInput): Promise<PagePermissionsSetting> =>
  apiFetch<PagePermissionsSetting>(keyToPath(queryKeys.pagePermissions), { method: 'PUT', body: input });

export function useUpdatePagePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePagePermissions,
    onSuccess: (setting) => queryClient.setQueryData(queryKeys.pagePermissions, setting),
  });
}
