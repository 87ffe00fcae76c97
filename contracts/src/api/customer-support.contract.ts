import { z } from 'zod';
import { storableString } from './text-fields';

/** Spec section 4: a request is pending, in progress or resolved. */
export const SUPPORT_STATUSES = ['pending', 'in_progress', 'resolved'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** Column limits of spec sections 3 and 9; complaint, reply and notes have none there, these keep rows sane. */
export const SUPPORT_LIMITS = {
  fullName: 255,
  email: 255,
  phoneNumber: 50,
  subject: 255,
  complaint: 5000,
  reply: 5000,
  notes: 2000,
} as const;

/** Spec section 9: the inbox shows the 3 newest; previews cut complaints at 100 and 200 characters. */
export const SUPPORT_DISPLAY = { recentRequests: 3, listPreview: 100, replyDialogPreview: 200 } as const;

export const SUPPORT_MESSAGES = {
  notFound: 'Support request not found',
  tooManyRequests: 'Too many requests, please try again later.',
  replyRequired: 'Reply is required',
  replyToResolved: 'This support request is resolved: reopen it before replying',
  replyKeyReused: 'This reply key was already used for a different reply',
} as const;

const required = (label: string, max: number) =>
  storableString(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** An optional text: blank or absent becomes null, so the read model never stores ''. */
const optional = (label: string, max: number) =>
  storableString(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** POST /api/customer-support: the public contact form. */
export const submitSupportRequestInput = z.object({
  fullName: required('Full name', SUPPORT_LIMITS.fullName),
  email: required('Email', SUPPORT_LIMITS.email).pipe(z.email('Email must be a valid email address')),
  phoneNumber: optional('Phone number', SUPPORT_LIMITS.phoneNumber),
  subject: optional('Subject', SUPPORT_LIMITS.subject),
  complaint: required('Complaint', SUPPORT_LIMITS.complaint),
});
export type SubmitSupportRequestInput = z.input<typeof submitSupportRequestInput>;
export type SubmitSupportRequestCommandInput = z.output<typeof submitSupportRequestInput>;

const REPLY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
const replyKeyMessage = 'replyKey must be 8 to 100 letters, digits, hyphens or underscores';

/**
 * POST /api/customer-support/:id/reply. Spec section 5: the reply must be non-empty after trimming.
 * `replyKey` (optional, made by the client once per reply it means to send) makes a retry safe: the
 * same key on the same request is the same reply, recorded and emailed once.
 */
export const replyToSupportRequestInput = z.object({
  reply: required('Reply', SUPPORT_LIMITS.reply),
  notes: optional('Notes', SUPPORT_LIMITS.notes),
  replyKey: z.string({ error: replyKeyMessage }).regex(REPLY_KEY, replyKeyMessage).optional(),
});
export type ReplyToSupportRequestInput = z.input<typeof replyToSupportRequestInput>;
export type ReplyToSupportRequestCommandInput = z.output<typeof replyToSupportRequestInput>;

/** PUT /api/customer-support/:id. Which moves are allowed is the server's rule (409 otherwise). */
export const changeSupportStatusInput = z.object({
  status: z.enum(SUPPORT_STATUSES, { error: "Status must be 'pending', 'in_progress' or 'resolved'" }),
});
export type ChangeSupportStatusInput = z.infer<typeof changeSupportStatusInput>;

/**
 * One reply as staff see it. `delivery` is 'sent' once the mail server accepted it; 'outbox' while
 * it waits (no mail server configured, or the send failed: then `deliveryError` says why).
 */
export const supportReplyResponse = z.object({
  id: z.string(),
  reply: z.string(),
  notes: z.string().nullable(),
  repliedBy: z.string(),
  at: z.string(),
  delivery: z.enum(['sent', 'outbox']),
  deliveredAt: z.string().nullable(),
  deliveryError: z.string().nullable(),
});
export type SupportReply = z.infer<typeof supportReplyResponse>;

/** What the public form gets back: its own fields only, never staff notes or replies. */
export const supportRequestReceipt = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  subject: z.string().nullable(),
  complaint: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  createdAt: z.string(),
});
export type SupportRequestReceipt = z.infer<typeof supportRequestReceipt>;

export const supportRequestResponse = supportRequestReceipt.extend({
  resolvedAt: z.string().nullable(),
  /** Internal: the latest notes given with a reply; never sent to the customer. */
  notes: z.string().nullable(),
  updatedAt: z.string(),
  /** Oldest first. */
  replies: z.array(supportReplyResponse),
  /** Replies not yet delivered to the customer. */
  outboxCount: z.number().int(),
});
export type SupportRequest = z.infer<typeof supportRequestResponse>;

/** today and week are Africa/Lagos business days; the week is today and the 6 days before it. */
export const supportStatsResponse = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  inProgress: z.number().int(),
  resolved: z.number().int(),
  todayCount: z.number().int(),
  weekCount: z.number().int(),
});
export type SupportStats = z.infer<typeof supportStatsResponse>;
