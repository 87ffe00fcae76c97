import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactInfoResponse, UpdateContactInfoInput } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

/** PUT /api/contact-info: all four fields plus the manager's password, which the server re-checks. */
export const updateContactInfo = (input: UpdateContactInfoInput): Promise<ContactInfoResponse> =>
  apiFetch<ContactInfoResponse>(keyToPath(queryKeys.contactInfo), { method: 'PUT', body: input });

export function useUpdateContactInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactInfo,
    // The variables hold the password: drop the finished mutation at once rather than caching it.
    gcTime: 0,
    onSuccess: (contact) => queryClient.setQueryData(queryKeys.contactInfo, contact),
  });
}
