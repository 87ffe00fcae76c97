import { SUPPORT_MESSAGES, type DomainEvent, type DomainEventOf, type SupportStatus } from '@shop/contracts';
import { assertNever, type Decider } from '../shared/decider';
import { conflict, notFound, validationError } from '../shared/domain-error';

export interface SupportReplyState {
  /** 'awaiting': recorded, not yet accepted by a mail server (no server, a send pending or failed). */
  readonly delivery: 'awaiting' | 'sent';
  /** What was recorded, so a repeat of this reply id can be told from a different reply under it. */
  readonly reply: string;
  readonly notes: string | null;
  readonly repliedBy: string;
}

export type SupportRequestState =
  | { readonly status: 'absent' }
  | {
      readonly status: SupportStatus;
      readonly requestId: number;
      readonly fullName: string;
      readonly email: string;
      readonly subject: string | null;
      readonly replies: Readonly<Record<string, SupportReplyState>>;
    };

export type SupportRequestCommand =
  | {
      readonly type: 'SubmitSupportRequest';
      readonly requestId: number;
      readonly fullName: string;
      readonly email: string;
      readonly phoneNumber: string | null;
      readonly subject: string | null;
      readonly complaint: string;
    }
  | {
      readonly type: 'ChangeSupportStatus';
      readonly requestId: number;
      readonly to: SupportStatus;
      readonly at: string;
    }
  | {
      readonly type: 'ReplyToSupportRequest';
      readonly requestId: number;
      readonly replyId: string;
      readonly reply: string;
      readonly notes: string | null;
      readonly repliedBy: string;
      readonly delivery: 'email' | 'outbox';
    }
  | {
      readonly type: 'RecordReplyDelivery';
      readonly requestId: number;
      readonly replyId: string;
      readonly outcome:
        | { readonly sent: true; readonly to: string; readonly messageId: string | null }
        | { readonly sent: false; readonly error: string };
    };

type SupportRequestEvent = DomainEventOf<
  | 'SupportRequestSubmitted'
  | 'SupportStatusChanged'
  | 'SupportReplied'
  | 'SupportReplyDelivered'
  | 'SupportReplyDeliveryFailed'
>;

/** Spec section 4, the only moves there are. Everything else, staying put included, is refused. */
export const SUPPORT_TRANSITIONS: Readonly<Record<SupportStatus, readonly SupportStatus[]>> = {
  pending: ['in_progress', 'resolved'],
  in_progress: ['resolved'],
  resolved: ['in_progress'],
};

/** The id was taken by a concurrent submission: the caller allocates the next one and tries again. */
export class SupportRequestIdTaken extends Error {
  constructor(readonly requestId: number) {
    super(`Support request id ${requestId} is already taken`);
    this.name = 'SupportRequestIdTaken';
  }
}

type ExistingRequest = Exclude<SupportRequestState, { status: 'absent' }>;

function requireExisting(state: SupportRequestState): ExistingRequest {
  if (state.status === 'absent') throw notFound(SUPPORT_MESSAGES.notFound);
  return state;
}

const quoted = (statuses: readonly SupportStatus[]) => statuses.map((status) => `'${status}'`).join(' or ');

export function decideSupportRequest(
  command: SupportRequestCommand,
  state: SupportRequestState,
): SupportRequestEvent[] {
  switch (command.type) {
    case 'SubmitSupportRequest': {
      if (state.status !== 'absent') throw new SupportRequestIdTaken(command.requestId);
      const { type: _type, ...data } = command;
      return [{ type: 'SupportRequestSubmitted', data }];
    }
    case 'ChangeSupportStatus': {
      const request = requireExisting(state);
      const from = request.status;
      if (from === command.to) throw conflict(`This support request is already '${from}'`);
      const allowed = SUPPORT_TRANSITIONS[from];
      if (!allowed.includes(command.to)) {
        throw conflict(
          `A support request cannot go from '${from}' to '${command.to}'; from '${from}' it can go to ${quoted(allowed)}`,
        );
      }
      const resolvedAt = command.to === 'resolved' ? command.at : null;
      return [
        { type: 'SupportStatusChanged', data: { requestId: command.requestId, from, to: command.to, resolvedAt } },
      ];
    }
    case 'ReplyToSupportRequest': {
      const request = requireExisting(state);
      // Spec section 5: non-empty after trimming. The HTTP schema checks it too; this is the rule itself.
      const reply = command.reply.trim();
      if (!reply) throw validationError(SUPPORT_MESSAGES.replyRequired);
      const notes = command.notes?.trim() ? command.notes.trim() : null;
      // A retry of a recorded reply is that reply, whatever happened to the request since.
      const recorded = request.replies[command.replyId];
      if (recorded) {
        const same = recorded.reply === reply && recorded.notes === notes && recorded.repliedBy === command.repliedBy;
        if (same) return [];
        throw conflict(SUPPORT_MESSAGES.replyKeyReused);
      }
      // Spec section 4: replying is available while the request is not resolved.
      if (request.status === 'resolved') throw conflict(SUPPORT_MESSAGES.replyToResolved);
      return [
        {
          type: 'SupportReplied',
          data: {
            requestId: command.requestId,
            replyId: command.replyId,
            reply,
            notes,
            repliedBy: command.repliedBy,
            delivery: command.delivery,
          },
        },
      ];
    }
    case 'RecordReplyDelivery': {
      const request = requireExisting(state);
      const reply = request.replies[command.replyId];
      if (!reply) throw notFound('Reply not found');
      // A reply accepted before resolving is still delivered afterwards; once sent, it stays sent.
      if (reply.delivery === 'sent') return [];
      const { requestId, replyId, outcome } = command;
      return outcome.sent
        ? [
            {
              type: 'SupportReplyDelivered',
              data: { requestId, replyId, to: outcome.to, messageId: outcome.messageId },
            },
          ]
        : [{ type: 'SupportReplyDeliveryFailed', data: { requestId, replyId, error: outcome.error } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolveSupportRequest(state: SupportRequestState, event: DomainEvent): SupportRequestState {
  switch (event.type) {
    case 'SupportRequestSubmitted':
      return {
        status: 'pending',
        requestId: event.data.requestId,
        fullName: event.data.fullName,
        email: event.data.email,
        subject: event.data.subject,
        replies: {},
      };
    case 'SupportStatusChanged':
      return state.status === 'absent' ? state : { ...state, status: event.data.to };
    case 'SupportReplied': {
      if (state.status === 'absent') return state;
      const { replyId, reply, notes, repliedBy } = event.data;
      return { ...state, replies: { ...state.replies, [replyId]: { delivery: 'awaiting', reply, notes, repliedBy } } };
    }
    case 'SupportReplyDelivered': {
      const recorded = state.status === 'absent' ? undefined : state.replies[event.data.replyId];
      if (state.status === 'absent' || !recorded) return state;
      return { ...state, replies: { ...state.replies, [event.data.replyId]: { ...recorded, delivery: 'sent' } } };
    }
    default:
      return state;
  }
}

export const supportRequestDecider: Decider<SupportRequestCommand, SupportRequestState, SupportRequestEvent> = {
  initialState: () => ({ status: 'absent' }),
  decide: decideSupportRequest,
  evolve: evolveSupportRequest,
};

export const supportRequestStreamId = (requestId: number) => `support-request-${requestId}`;
