import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportRequest, SupportStatus } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

type ChangeStatusVariables = { id: number; status: SupportStatus };

/** PUT /api/customer-support/{id} { status }; the server refuses moves spec section 4 does not allow (409). */
export const changeSupportStatus = ({ id, status }: ChangeStatusVariables): Promise<SupportRequest> =>
  apiFetch<SupportRequest>(`${keyToPath(queryKeys.supportRequests)}/${id}`, { method: 'PUT', body: { status } });

export function useChangeSupportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSupportStatus,
    // The prefix covers the list and the stats.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.supportRequests }),
  });
}
