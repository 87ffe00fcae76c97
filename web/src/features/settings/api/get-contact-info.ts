import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactInfoResponse, type ContactInfoResponse } from '@shop/contracts';
import { ApiError, apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

/** GET /api/contact-info; null until a manager has saved the shop's contact details (404). */
export async function getContactInfo(signal?: AbortSignal): Promise<ContactInfoResponse | null> {
  try {
    const response = await apiFetch<unknown>(keyToPath(queryKeys.contactInfo), { signal });
    const parsed = contactInfoResponse.safeParse(response);
    return parsed.success ? parsed.data : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const contactInfoQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.contactInfo, queryFn: ({ signal }) => getContactInfo(signal) });

export const useContactInfo = () => useQuery(contactInfoQueryOptions());
