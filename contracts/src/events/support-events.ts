import { z } from 'zod';
import { SUPPORT_STATUSES } from '../api/customer-support.contract';

const requestId = z.number().int().positive();

/**
 * Appended to the counter stream `support-request-ids` together with the request's first event,
 * with optimistic concurrency: ids are serial (spec section 3) and never handed out twice.
 */
export const supportRequestIdAllocatedV1 = z.object({ requestId });

export const supportRequestSubmittedV1 = z.object({
  requestId,
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  subject: z.string().nullable(),
  complaint: z.string(),
});

/** resolvedAt is the moment of resolving when `to` is resolved, null otherwise (a reopen clears it). */
export const supportStatusChangedV1 = z.object({
  requestId,
  from: z.enum(SUPPORT_STATUSES),
  to: z.enum(SUPPORT_STATUSES),
  resolvedAt: z.iso.datetime({ offset: true }).nullable(),
});

/**
 * A staff reply, recorded before any attempt to send it so that it cannot be lost.
 * delivery: 'email' when a mail server was configured and a send follows (its outcome is a
 * SupportReplyDelivered or SupportReplyDeliveryFailed); 'outbox' when none was, and it waits.
 */
export const supportRepliedV1 = z.object({
  requestId,
  replyId: z.uuid(),
  reply: z.string(),
  notes: z.string().nullable(),
  repliedBy: z.string(),
  delivery: z.enum(['email', 'outbox']),
});

export const supportReplyDeliveredV1 = z.object({
  requestId,
  replyId: z.uuid(),
  to: z.string(),
  messageId: z.string().nullable(),
});

/** The reply stays in the outbox; `error` says what the mail server or the network answered. */
export const supportReplyDeliveryFailedV1 = z.object({
  requestId,
  replyId: z.uuid(),
  error: z.string(),
});

export type SupportRequestIdAllocated = z.infer<typeof supportRequestIdAllocatedV1>;
export type SupportRequestSubmitted = z.infer<typeof supportRequestSubmittedV1>;
export type SupportStatusChanged = z.infer<typeof supportStatusChangedV1>;
export type SupportReplied = z.infer<typeof supportRepliedV1>;
export type SupportReplyDelivered = z.infer<typeof supportReplyDeliveredV1>;
export type SupportReplyDeliveryFailed = z.infer<typeof supportReplyDeliveryFailedV1>;
