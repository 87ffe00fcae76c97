import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplyToSupportRequestInput, SupportRequest } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

type ReplyVariables = { id: number } & ReplyToSupportRequestInput;

/**
 * POST /api/customer-support/{id}/reply → the request with the new reply (delivery 'sent' or 'outbox');
 * the same replyKey again answers with the request as it is (the reply was recorded once).
 */
export const replyToSupportRequest = ({ id, ...body }: ReplyVariables): Promise<SupportRequest> =>
  apiFetch<SupportRequest>(`${keyToPath(queryKeys.supportRequests)}/${id}/reply`, {
    method: 'POST',
    body: body.notes ? body : { reply: body.reply, replyKey: body.replyKey },
  });

export function useReplyToSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToSupportRequest,
    // The prefix covers the list and the stats (a reply may move a request on).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.supportRequests }),
  });
}
