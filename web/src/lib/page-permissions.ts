import { queryOptions, useQuery } from '@tanstack/react-query';
import { canAccessPage, type PageKey, type PagePermissionsSetting } from '@shop/contracts';
import { apiFetch } from './api-client';
import { queryKeys, keyToPath } from './query-keys';
import { useSession } from './session';

// Cross-cutting like the session itself: the router, the sidebar and (later) settings all read it.
export const getPagePermissions = (signal?: AbortSignal): Promise<PagePermissionsSetting> =>
  apiFetch<PagePermissionsSetting>(keyToPath(queryKeys.pagePermissions), { signal });

export const pagePermissionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.pagePermissions,
    queryFn: ({ signal }) => getPagePermissions(signal),
  });

/** Runs only while someone is signed in (spec section 7). */
export function usePagePermissions() {
  const { user } = useSession();
  return useQuery({ ...pagePermissionsQueryOptions(), enabled: user !== null });
}

/** `canAccess(page)` per spec section 6; false while permissions are loading or failed. */
export function usePageAccess() {
  const { user } = useSession();
  const permissions = usePagePermissions();
  const value = permissions.data?.value;
  return {
    isLoading: user !== null && permissions.isPending,
    canAccess: (page: PageKey) => canAccessPage(user, value, page),
  };
}
