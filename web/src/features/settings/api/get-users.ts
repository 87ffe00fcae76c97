import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

/** GET /api/users (managers only). */
export const getUsers = (signal?: AbortSignal): Promise<User[]> =>
  apiFetch<User[]>(keyToPath(queryKeys.users), { signal });

export const usersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users, queryFn: ({ signal }) => getUsers(signal) });

export const useUsers = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...usersQueryOptions(), enabled });
