import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, User } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

/** POST /api/users. Spec section 7: permissions are sent empty; new users are active. */
export const createUser = (input: Pick<CreateUserInput, 'username' | 'password' | 'role'>): Promise<User> =>
  apiFetch<User>(keyToPath(queryKeys.users), {
    method: 'POST',
    body: { ...input, permissions: {}, isActive: true },
  });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}
