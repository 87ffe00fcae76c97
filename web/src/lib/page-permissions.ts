import { queryOptions, useQuery } from '@tanstack/react-query';
import { canAccessPage, type PageKey, type PagePermissionsSetting } from '@shop/contracts';
import { ApiError, apiFetch } from './api-client';
import { queryKeys, keyToPath } from './query-keys';
import { useSession } from './session';

// Cross-cutting like the session itself: the router, the sidebar and (later) settings all read it.
export const getPagePermissions = (signal?: AbortSignal): Promise<PagePermissionsSetting> =>
  apiFetch<PagePermissionsSetting>(keyToPath(queryKeys.pagePermissions), { signal });

/** The last permissions the server gave: the till must still open when the network is gone (issue 14). */
const LAST_KNOWN_KEY = 'page_permissions_last_known';

async function getPagePermissionsOrLastKnown(signal?: AbortSignal): Promise<PagePermissionsSetting> {
  try {
    const setting = await getPagePermissions(signal);
    window.localStorage.setItem(LAST_KNOWN_KEY, JSON.stringify(setting));
    return setting;
  } catch (error) {
    // No answer at all (offline): the last known permissions; any server answer stands as it is.
    const stored = error instanceof ApiError ? null : window.localStorage.getItem(LAST_KNOWN_KEY);
    if (stored) return JSON.parse(stored) as PagePermissionsSetting;
    throw error;
  }
}

export const pagePermissionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.pagePermissions,
    queryFn: ({ signal }) => getPagePermissionsOrLastKnown(signal),
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
