import { SUPPORT_STATUSES, type DomainEvent, type SupportStatus } from '@shop/contracts';
import { DeciderSpecification } from '../testing/decider-specification';
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

const given = DeciderSpecification.for(supportRequestDecider);
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
  const refusals: [SupportStatus, SupportStatus, string][] = [
    ['pending', 'pending', "This support request is already 'pending'"],
    [
      'in_progress',
      'pending',
      "A support request cannot go from 'in_progress' to 'pending'; from 'in_progress' it can go to 'resolved'",
    ],
    ['in_progress', 'in_progress', "This support request is already 'in_progress'"],
    [
      'resolved',
      'pending',
      "A support request cannot go from 'resolved' to 'pending'; from 'resolved' it can go to 'in_progress'",
    ],
    ['resolved', 'resolved', "This support request is already 'resolved'"],
  ];

  it('allows exactly the moves of spec section 4', () => {
    expect(Object.entries(SUPPORT_TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => [from, to]))).toEqual(legal);
    expect(illegal).toHaveLength(5);
    expect(refusals.map(([from, to]) => [from, to])).toEqual(illegal);
  });

  it.each(legal)('moves %s → %s, stamping resolvedAt only on resolve', (from, to) => {
    given(...historyAt(from))
      .when(change(to))
      .then([
        { type: 'SupportStatusChanged', data: { requestId, from, to, resolvedAt: to === 'resolved' ? at : null } },
      ]);
  });

  it.each(refusals)('refuses %s → %s with a 409 that says why', (from, to, message) => {
    given(...historyAt(from))
      .when(change(to))
      .thenRefused('conflict', message);
  });

  it('clears resolvedAt on reopen', () => {
    const [event] = given(...historyAt('resolved'))
      .when(change('in_progress'))
      .events();
    expect(event).toMatchObject({ data: { from: 'resolved', to: 'in_progress', resolvedAt: null } });
  });

  it('answers 404 for a request that was never submitted', () => {
    given().when(change('resolved')).thenRefused('not_found', 'Support request not found');
    given().when(reply('Hello')).thenRefused('not_found', 'Support request not found');
  });

  it('records a trimmed reply with optional internal notes while not resolved', () => {
    given(...historyAt('pending'))
      .when(reply('  Sorry about that.  '))
      .then([
        {
          type: 'SupportReplied',
          data: {
            requestId,
            replyId,
            reply: 'Sorry about that.',
            notes: null,
            repliedBy: 'manager',
            delivery: 'outbox',
          },
        },
      ]);
    const [event] = given(...historyAt('in_progress'))
      .when(reply('Refund sent', '  called courier  '))
      .events();
    expect(event).toMatchObject({ data: { notes: 'called courier' } });
  });

  it('refuses a blank reply (400) and any reply once resolved (409)', () => {
    given(...historyAt('pending'))
      .when(reply(' \n\t '))
      .thenRefused('validation', 'Reply is required');
    given(...historyAt('resolved'))
      .when(reply('Anything else?'))
      .thenRefused('conflict', 'This support request is resolved: reopen it before replying');
    const reopened = [...historyAt('resolved'), movedTo('resolved', 'in_progress')];
    expect(
      given(...reopened)
        .when(reply('Anything else?'))
        .events(),
    ).toHaveLength(1);
  });

  it('takes a repeat of a recorded reply as that reply (nothing new), even once resolved', () => {
    const replied = [
      ...historyAt('pending'),
      ...given(...historyAt('pending'))
        .when(reply('  Hi  ', ' note '))
        .events(),
    ];
    given(...replied)
      .when(reply('Hi', 'note'))
      .thenNothing();
    given(...replied, movedTo('pending', 'resolved'))
      .when(reply('Hi', 'note'))
      .thenNothing();
  });

  it('refuses (409) a reply id already used for a different reply, and records nothing', () => {
    const replied = [
      ...historyAt('pending'),
      ...given(...historyAt('pending'))
        .when(reply('Hi'))
        .events(),
    ];
    for (const other of [
      reply('Hello'),
      reply('Hi', 'a note'),
      { ...reply('Hi'), repliedBy: 'cashier' } as SupportRequestCommand,
    ]) {
      given(...replied)
        .when(other)
        .thenRefused('conflict', 'This reply key was already used for a different reply');
    }
  });

  it('records a delivery outcome once sent, and retries after a failure', () => {
    const replied = [
      ...historyAt('pending'),
      ...given(...historyAt('pending'))
        .when(reply('Hi'))
        .events(),
    ];
    const failed: DomainEvent[] = [
      { type: 'SupportReplyDeliveryFailed', data: { requestId, replyId, error: 'ECONNREFUSED' } },
    ];
    given(...replied)
      .when({ type: 'RecordReplyDelivery', requestId, replyId, outcome: { sent: false, error: 'ECONNREFUSED' } })
      .then(failed);
    const sent = {
      type: 'RecordReplyDelivery' as const,
      requestId,
      replyId,
      outcome: { sent: true as const, to: 'ada@example.com', messageId: '<m1>' },
    };
    const delivered: DomainEvent[] = [
      { type: 'SupportReplyDelivered', data: { requestId, replyId, to: 'ada@example.com', messageId: '<m1>' } },
    ];
    given(...replied, ...failed)
      .when(sent)
      .then(delivered);
    given(...replied, ...failed, ...delivered)
      .when(sent)
      .thenNothing();
    // Delivery of a reply accepted before resolving still counts after it.
    given(...replied, movedTo('pending', 'resolved'))
      .when(sent)
      .then(delivered);
  });

  it('never submits twice into one stream', () => {
    const submit = { type: 'SubmitSupportRequest' as const, ...submitted.data } as SupportRequestCommand;
    given().when(submit).then([submitted]);
    given(submitted).when(submit).thenThrows(SupportRequestIdTaken);
  });
});

describe('support request id counter', () => {
  const ids = DeciderSpecification.for(supportRequestIdsDecider);
  const allocated = { type: 'SupportRequestIdAllocated', data: { requestId: 1 } } as const;

  it('hands out 1, 2, 3 … and refuses an id someone else took', () => {
    ids().when({ type: 'AllocateSupportRequestId', requestId: 1 }).then([allocated]);
    ids(allocated).when({ type: 'AllocateSupportRequestId', requestId: 1 }).thenThrows(SupportRequestIdTaken);
    ids(allocated)
      .when({ type: 'AllocateSupportRequestId', requestId: 2 })
      .then([{ type: 'SupportRequestIdAllocated', data: { requestId: 2 } }]);
  });
});
