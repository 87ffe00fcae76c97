import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactInfoResponse, type ContactInfoResponse } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

/** GET /api/contact-info; null until a manager has saved the shop's contact details (updatedAt null). */
export async function getContactInfo(signal?: AbortSignal): Promise<ContactInfoResponse | null> {
  const response = await apiFetch<unknown>(keyToPath(queryKeys.contactInfo), { signal });
  const parsed = contactInfoResponse.safeParse(response);
  return parsed.success && parsed.data.updatedAt !== null ? parsed.data : null;
}

export const contactInfoQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.contactInfo, queryFn: ({ signal }) => getContactInfo(signal) });

export const useContactInfo = () => useQuery(contactInfoQueryOptions());
