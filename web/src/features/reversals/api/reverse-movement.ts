import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReverseMovementInput, Transaction } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const reverseMovement = ({
  movementId,
  notes,
}: ReverseMovementInput & { movementId: string }): Promise<Transaction> =>
  apiFetch<Transaction>(`/api/transactions/${encodeURIComponent(movementId)}/reverse`, {
    method: 'POST',
    body: { notes },
  });

/** Refreshes what a compensating movement changes: transactions, stock, metrics, every product history. */
export function useReverseMovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseMovement,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboardMetrics }),
      ]),
  });
}
