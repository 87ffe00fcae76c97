import { lagosBusinessDay } from '@shop/contracts';
import { assertNever, defineProjection } from '../shared/projection';
import { jsonParam } from '../shared/sql-values';
import type { ProjectionSql } from '../shared/projection-sql';

/** Last-wins changes to one request within a batch; `status` undefined means "not touched". */
interface RequestPatch {
  status?: string;
  resolved_at?: string | null;
  notes?: string;
  updated_at: string;
}

interface ReplyPatch {
  delivered_at?: string;
  delivery_error?: string;
}

/**
 * Requests and their replies. A batch is folded in memory, then written as: new requests, request
 * patches, new replies, reply patches — in that order, so a request submitted and answered within
 * one batch is inserted before it is patched.
 */
export const supportRequestsProjection = defineProjection({
  name: 'support-requests',
  handles: [
    'SupportRequestSubmitted',
    'SupportStatusChanged',
    'SupportReplied',
    'SupportReplyDelivered',
    'SupportReplyDeliveryFailed',
  ] as const,
  tables: ['support_requests', 'support_replies'],
  async project(events, sql) {
    const requests: object[] = [];
    const replies: object[] = [];
    const requestPatches = new Map<number, RequestPatch>();
    const replyPatches = new Map<string, ReplyPatch>();
    const patchRequest = (id: number, change: RequestPatch) =>
      requestPatches.set(id, { ...requestPatches.get(id), ...change });

    for (const event of events) {
      const at = event.metadata.at;
      switch (event.type) {
        case 'SupportRequestSubmitted':
          requests.push({
            id: event.data.requestId,
            full_name: event.data.fullName,
            email: event.data.email,
            phone_number: event.data.phoneNumber,
            subject: event.data.subject,
            complaint: event.data.complaint,
            created_at: at,
            created_day: lagosBusinessDay(at),
          });
          break;
        case 'SupportStatusChanged':
          patchRequest(event.data.requestId, {
            status: event.data.to,
            resolved_at: event.data.resolvedAt,
            updated_at: at,
          });
          break;
        case 'SupportReplied':
          replies.push({
            reply_id: event.data.replyId,
            request_id: event.data.requestId,
            reply: event.data.reply,
            notes: event.data.notes,
            replied_by: event.data.repliedBy,
            replied_at: at,
          });
          // The request's internal notes are the latest ones given with a reply.
          patchRequest(
            event.data.requestId,
            event.data.notes ? { notes: event.data.notes, updated_at: at } : { updated_at: at },
          );
          break;
        case 'SupportReplyDelivered':
          replyPatches.set(event.data.replyId, { delivered_at: at });
          break;
        case 'SupportReplyDeliveryFailed':
          // A failure never undoes a delivery recorded earlier in the same batch.
          if (!replyPatches.get(event.data.replyId)?.delivered_at)
            replyPatches.set(event.data.replyId, { delivery_error: event.data.error });
          break;
        default:
          assertNever(event);
      }
    }

    if (requests.length > 0) insertRequests(sql, requests);
    if (requestPatches.size > 0)
      patchRequests(
        sql,
        [...requestPatches].map(([id, change]) => ({ id, ...change, has_status: change.status !== undefined })),
      );
    if (replies.length > 0) insertReplies(sql, replies);
    if (replyPatches.size > 0)
      patchReplies(
        sql,
        [...replyPatches].map(([reply_id, change]) => ({ reply_id, ...change })),
      );
  },
});

function insertRequests(sql: ProjectionSql, rows: readonly object[]) {
  sql.write(
    `insert into support_requests (id, full_name, email, phone_number, subject, complaint, status,
                                   created_at, created_day, updated_at)
     select id, full_name, email, phone_number, subject, complaint, 'pending', created_at, created_day, created_at
     from jsonb_to_recordset(?::jsonb) as r(id integer, full_name text, email text, phone_number text,
       subject text, complaint text, created_at timestamptz, created_day date)
     on conflict (id) do nothing`,
    [jsonParam(rows)],
  );
}

function patchRequests(sql: ProjectionSql, patches: readonly object[]) {
  // resolved_at may legitimately become null (a reopen), so it follows the status flag, not coalesce.
  sql.write(
    `update support_requests r set
       status = case when p.has_status then p.status else r.status end,
       resolved_at = case when p.has_status then p.resolved_at else r.resolved_at end,
       notes = coalesce(p.notes, r.notes),
       updated_at = greatest(r.updated_at, p.updated_at)
     from jsonb_to_recordset(?::jsonb) as p(id integer, has_status boolean, status text,
       resolved_at timestamptz, notes text, updated_at timestamptz)
     where r.id = p.id`,
    [jsonParam(patches)],
  );
}

function insertReplies(sql: ProjectionSql, rows: readonly object[]) {
  sql.write(
    `insert into support_replies (reply_id, request_id, reply, notes, replied_by, replied_at)
     select reply_id, request_id, reply, notes, replied_by, replied_at
     from jsonb_to_recordset(?::jsonb) as r(reply_id uuid, request_id integer, reply text, notes text,
       replied_by text, replied_at timestamptz)
     on conflict (reply_id) do nothing`,
    [jsonParam(rows)],
  );
}

function patchReplies(sql: ProjectionSql, patches: readonly object[]) {
  sql.write(
    `update support_replies r set
       delivery = case when p.delivered_at is not null then 'sent' else r.delivery end,
       delivered_at = coalesce(p.delivered_at, r.delivered_at),
       delivery_error = case when p.delivered_at is not null then null else coalesce(p.delivery_error, r.delivery_error) end
     from jsonb_to_recordset(?::jsonb) as p(reply_id uuid, delivered_at timestamptz, delivery_error text)
     where r.reply_id = p.reply_id`,
    [jsonParam(patches)],
  );
}
