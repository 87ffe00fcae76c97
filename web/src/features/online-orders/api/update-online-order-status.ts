import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnlineOrder, OnlineOrderStatus } from '@shop/contracts';
import { apiFetch, refreshOnServerRefusal } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

type UpdateStatusVariables = { id: string; status: OnlineOrderStatus };

/** PATCH /api/online-orders/{id}/status; 409 with a message on an illegal move or too little stock. */
export const updateOnlineOrderStatus = ({ id, status }: UpdateStatusVariables): Promise<OnlineOrder> =>
  apiFetch<OnlineOrder>(`${keyToPath(queryKeys.onlineOrders)}/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    body: { status },
  });

/**
 * Serving takes stock out and un-serving puts it back, so stock, history and metrics change too.
 * A refusal refreshes them as well: the usual one (409) is a move already made on another screen.
 */
export function useUpdateOnlineOrderStatus() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      [queryKeys.onlineOrders, queryKeys.dashboardMetrics, queryKeys.products, queryKeys.transactions].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return useMutation({
    mutationFn: updateOnlineOrderStatus,
    onSuccess: refresh,
    onError: refreshOnServerRefusal(refresh),
  });
}
