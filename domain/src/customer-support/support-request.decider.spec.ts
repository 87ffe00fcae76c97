import { SUPPORT_STATUSES, type DomainEvent, type SupportStatus } from '@shop/contracts';
import { DomainError } from '../shared/domain-error';
import { fold } from '../shared/decider';
import { supportRequestIdsDecider } from './support-request-ids.decider';
import {
  SUPPORT_TRANSITIONS,
  SupportRequestIdTaken,
  supportRequestDecider,
  type SupportRequestCommand,
} from './support-request.decider';

const requestId = 7;
const at = '2025-03-10T09:30:00.000Z';
const replyId = '3f0c2a1e-9b8d-4c7e-a6f5-1d2c3b4a5e6f';
const submitted: DomainEvent = {
  type: 'SupportRequestSubmitted',
  data: {
    requestId,
    fullName: 'Ada Obi',
    email: 'ada@example.com',
    phoneNumber: null,
    subject: 'Late order',
    complaint: 'Where is it?',
  },
};
const movedTo = (from: SupportStatus, to: SupportStatus): DomainEvent => ({
  type: 'SupportStatusChanged',
  data: { requestId, from, to, resolvedAt: to === 'resolved' ? at : null },
});
/** A history that leaves the request in `status`. */
const historyAt = (status: SupportStatus): DomainEvent[] =>
  status === 'pending'
    ? [submitted]
    : status === 'in_progress'
      ? [submitted, movedTo('pending', 'in_progress')]
      : [submitted, movedTo('pending', 'resolved')];

const given = (history: DomainEvent[]) => ({
  when: (command: SupportRequestCommand) => () =>
    supportRequestDecider.decide(command, fold(supportRequestDecider, history)),
});
const change = (to: SupportStatus): SupportRequestCommand => ({ type: 'ChangeSupportStatus', requestId, to, at });
const reply = (text: string, notes: string | null = null): SupportRequestCommand => ({
  type: 'ReplyToSupportRequest',
  requestId,
  replyId,
  reply: text,
  notes,
  repliedBy: 'manager',
  delivery: 'outbox',
});
const refusal = (run: () => unknown): DomainError => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('support request decider', () => {
  const legal: [SupportStatus, SupportStatus][] = [
    ['pending', 'in_progress'],
    ['pending', 'resolved'],
    ['in_progress', 'resolved'],
    ['resolved', 'in_progress'],
  ];
  const illegal = SUPPORT_STATUSES.flatMap((from) =>
    SUPPORT_STATUSES.map((to) => [from, to] as [SupportStatus, SupportStatus]),
  ).filter(([from, to]) => !legal.some(([a, b]) => a === from && b === to));

  it('allows exactly the moves of spec section 4', () => {
    expect(Object.entries(SUPPORT_TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => [from, to]))).toEqual(legal);
    expect(illegal).toHaveLength(5);
  });

  it.each(legal)('moves %s → %s, stamping resolvedAt only on resolve', (from, to) => {
    expect(given(historyAt(from)).when(change(to))()).toEqual([
      { type: 'SupportStatusChanged', data: { requestId, from, to, resolvedAt: to === 'resolved' ? at : null } },
    ]);
  });

  it.each(illegal)('refuses %s → %s with a 409 that says why', (from, to) => {
    const error = refusal(given(historyAt(from)).when(change(to)));
    expect(error.code).toBe('conflict');
    expect(error.message).toContain(from === to ? `already '${from}'` : `from '${from}' to '${to}'`);
  });

  it('clears resolvedAt on reopen', () => {
    const [event] = given([...historyAt('resolved')]).when(change('in_progress'))();
    expect(event).toMatchObject({ data: { from: 'resolved', to: 'in_progress', resolvedAt: null } });
  });

  it('answers 404 for a request that was never submitted', () => {
    expect(refusal(given([]).when(change('resolved')))).toMatchObject({
      code: 'not_found',
      message: 'Support request not found',
    });
    expect(refusal(given([]).when(reply('Hello')))).toMatchObject({ code: 'not_found' });
  });

  it('records a trimmed reply with optional internal notes while not resolved', () => {
    expect(given(historyAt('pending')).when(reply('  Sorry about that.  '))()).toEqual([
      {
        type: 'SupportReplied',
        data: { requestId, replyId, reply: 'Sorry about that.', notes: null, repliedBy: 'manager', delivery: 'outbox' },
      },
    ]);
    const [event] = given(historyAt('in_progress')).when(reply('Refund sent', '  called courier  '))();
    expect(event).toMatchObject({ data: { notes: 'called courier' } });
  });

  it('refuses a blank reply (400) and any reply once resolved (409)', () => {
    expect(refusal(given(historyAt('pending')).when(reply(' \n\t ')))).toMatchObject({
      code: 'validation',
      message: 'Reply is required',
    });
    expect(refusal(given(historyAt('resolved')).when(reply('Anything else?')))).toMatchObject({ code: 'conflict' });
    const reopened = [...historyAt('resolved'), movedTo('resolved', 'in_progress')];
    expect(given(reopened).when(reply('Anything else?'))()).toHaveLength(1);
  });

  it('takes a repeat of a recorded reply as that reply (nothing new), even once resolved', () => {
    const replied = [...historyAt('pending'), ...given(historyAt('pending')).when(reply('  Hi  ', ' note '))()];
    expect(given(replied).when(reply('Hi', 'note'))()).toEqual([]);
    expect(given([...replied, movedTo('pending', 'resolved')]).when(reply('Hi', 'note'))()).toEqual([]);
  });

  it('refuses (409) a reply id already used for a different reply, and records nothing', () => {
    const replied = [...historyAt('pending'), ...given(historyAt('pending')).when(reply('Hi'))()];
    for (const other of [
      reply('Hello'),
      reply('Hi', 'a note'),
      { ...reply('Hi'), repliedBy: 'cashier' } as SupportRequestCommand,
    ]) {
      expect(refusal(given(replied).when(other))).toMatchObject({
        code: 'conflict',
        message: 'This reply key was already used for a different reply',
      });
    }
  });

  it('records a delivery outcome once sent, and retries after a failure', () => {
    const replied = [...historyAt('pending'), ...given(historyAt('pending')).when(reply('Hi'))()];
    const failed = given(replied).when({
      type: 'RecordReplyDelivery',
      requestId,
      replyId,
      outcome: { sent: false, error: 'ECONNREFUSED' },
    })();
    expect(failed).toEqual([
      { type: 'SupportReplyDeliveryFailed', data: { requestId, replyId, error: 'ECONNREFUSED' } },
    ]);
    const sent = {
      type: 'RecordReplyDelivery' as const,
      requestId,
      replyId,
      outcome: { sent: true as const, to: 'ada@example.com', messageId: '<m1>' },
    };
    const delivered = given([...replied, ...failed]).when(sent)();
    expect(delivered).toEqual([
      { type: 'SupportReplyDelivered', data: { requestId, replyId, to: 'ada@example.com', messageId: '<m1>' } },
    ]);
    expect(given([...replied, ...failed, ...delivered]).when(sent)()).toEqual([]);
    // Delivery of a reply accepted before resolving still counts after it.
    expect(given([...replied, movedTo('pending', 'resolved')]).when(sent)()).toHaveLength(1);
  });

  it('never submits twice into one stream', () => {
    const submit = { type: 'SubmitSupportRequest' as const, ...submitted.data } as SupportRequestCommand;
    expect(given([]).when(submit)()).toEqual([submitted]);
    expect(given([submitted]).when(submit)).toThrow(SupportRequestIdTaken);
  });
});

describe('support request id counter', () => {
  it('hands out 1, 2, 3 … and refuses an id someone else took', () => {
    const first = supportRequestIdsDecider.decide(
      { type: 'AllocateSupportRequestId', requestId: 1 },
      fold(supportRequestIdsDecider, []),
    );
    expect(first).toEqual([{ type: 'SupportRequestIdAllocated', data: { requestId: 1 } }]);
    const state = fold(supportRequestIdsDecider, first);
    expect(() => supportRequestIdsDecider.decide({ type: 'AllocateSupportRequestId', requestId: 1 }, state)).toThrow(
      SupportRequestIdTaken,
    );
    expect(supportRequestIdsDecider.decide({ type: 'AllocateSupportRequestId', requestId: 2 }, state)).toHaveLength(1);
  });
});
