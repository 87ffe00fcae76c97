import { clipChars, type SupportRequest, type SupportStatus } from '@shop/contracts';

export const STATUS_LABELS: Readonly<Record<SupportStatus, string>> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  resolved: 'Resolved',
};

/** Spec section 9: complaints are cut at 100 characters in lists and 200 in the reply dialog (charCount). */
export const preview = (text: string, length: number): string => {
  const cut = clipChars(text, length);
  return cut === text ? text : `${cut}...`;
};

const timeOf = (request: SupportRequest) => new Date(request.createdAt).getTime() || 0;

/** Newest first; the id breaks ties (ids are a serial counter). */
export const newestFirst = (a: SupportRequest, b: SupportRequest): number => timeOf(b) - timeOf(a) || b.id - a.id;
