import type { Knex } from 'knex';
import type { SupportReply, SupportRequest, SupportStatus } from '@shop/contracts';
import { toIsoString, toNullableIsoString } from '../shared/sql-values';

interface RequestRow {
  id: number;
  full_name: string;
  email: string;
  phone_number: string | null;
  subject: string | null;
  complaint: string;
  status: SupportStatus;
  notes: string | null;
  created_at: Date | string;
  resolved_at: Date | string | null;
  updated_at: Date | string;
}

interface ReplyRow {
  reply_id: string;
  request_id: number;
  reply: string;
  notes: string | null;
  replied_by: string;
  replied_at: Date | string;
  delivery: 'sent' | 'outbox';
  delivered_at: Date | string | null;
  delivery_error: string | null;
}

const toReply = (row: ReplyRow): SupportReply => ({
  id: row.reply_id,
  reply: row.reply,
  notes: row.notes,
  repliedBy: row.replied_by,
  at: toIsoString(row.replied_at),
  delivery: row.delivery,
  deliveredAt: toNullableIsoString(row.delivered_at),
  deliveryError: row.delivery_error,
});

function toRequest(row: RequestRow, replies: readonly ReplyRow[]): SupportRequest {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    phoneNumber: row.phone_number,
    subject: row.subject,
    complaint: row.complaint,
    status: row.status,
    createdAt: toIsoString(row.created_at),
    resolvedAt: toNullableIsoString(row.resolved_at),
    notes: row.notes,
    updatedAt: toIsoString(row.updated_at),
    replies: replies.map(toReply),
    outboxCount: replies.filter((reply) => reply.delivery === 'outbox').length,
  };
}

async function withReplies(knex: Knex, rows: readonly RequestRow[], filter?: number): Promise<SupportRequest[]> {
  const query = knex('support_replies')
    .select<ReplyRow[]>('*')
    .orderBy([
      { column: 'replied_at', order: 'asc' },
      { column: 'reply_id', order: 'asc' },
    ]);
  const replies = filter === undefined ? await query : await query.where('request_id', filter);
  const byRequest = new Map<number, ReplyRow[]>();
  for (const reply of replies) byRequest.set(reply.request_id, [...(byRequest.get(reply.request_id) ?? []), reply]);
  return rows.map((row) => toRequest(row, byRequest.get(row.id) ?? []));
}

/** GET /api/customer-support: every request, newest first, each with its replies oldest first. */
export async function listSupportRequests(knex: Knex): Promise<SupportRequest[]> {
  const rows: RequestRow[] = await knex('support_requests')
    .select('*')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return withReplies(knex, rows);
}

export async function getSupportRequest(knex: Knex, id: number): Promise<SupportRequest | null> {
  const row: RequestRow | undefined = await knex('support_requests').where({ id }).first();
  if (!row) return null;
  const [request] = await withReplies(knex, [row], id);
  return request ?? null;
}
