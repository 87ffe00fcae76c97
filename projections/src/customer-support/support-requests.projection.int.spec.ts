import { FakeLedger, newEvent, useReadModelDatabase, project } from '../testing/projection-test-kit';
import { getSupportStats } from './get-support-stats.query';
import { getSupportRequest, listSupportRequests } from './list-support-requests.query';
import { supportRequestsProjection } from './support-requests.projection';

const replyId = '0b7a3c52-2f1e-4d8a-9c6b-5e4f3a2b1c0d';
const submitted = (requestId: number, at: string) =>
  newEvent(
    'SupportRequestSubmitted',
    {
      requestId,
      fullName: 'Ada Obi',
      email: 'ada@example.com',
      phoneNumber: null,
      subject: null,
      complaint: 'Broken seal',
    },
    at,
  );

describe('support requests projection', () => {
  const db = useReadModelDatabase();

  it('applies a request, its moves, a reply and its delivery within one batch and across batches', async () => {
    const ledger = new FakeLedger();
    const first = ledger.stored([
      submitted(1, '2025-03-09T23:30:00.000Z'),
      newEvent(
        'SupportStatusChanged',
        { requestId: 1, from: 'pending', to: 'resolved', resolvedAt: '2025-03-10T08:00:00.000Z' },
        '2025-03-10T08:00:00.000Z',
      ),
      newEvent(
        'SupportStatusChanged',
        { requestId: 1, from: 'resolved', to: 'in_progress', resolvedAt: null },
        '2025-03-10T08:05:00.000Z',
      ),
      newEvent(
        'SupportReplied',
        { requestId: 1, replyId, reply: 'On it', notes: 'vip', repliedBy: 'ada', delivery: 'email' },
        '2025-03-10T08:06:00.000Z',
      ),
      newEvent(
        'SupportReplyDeliveryFailed',
        { requestId: 1, replyId, error: '550 no such user' },
        '2025-03-10T08:06:01.000Z',
      ),
      submitted(2, '2025-03-10T09:00:00.000Z'),
    ]);
    await project(db.knex, supportRequestsProjection, first);

    const afterFirst = await getSupportRequest(db.knex, 1);
    expect(afterFirst).toMatchObject({
      status: 'in_progress',
      resolvedAt: null,
      notes: 'vip',
      createdAt: '2025-03-09T23:30:00.000Z',
      updatedAt: '2025-03-10T08:06:00.000Z',
      outboxCount: 1,
    });
    expect(afterFirst?.replies[0]).toMatchObject({
      delivery: 'outbox',
      deliveryError: '550 no such user',
      deliveredAt: null,
    });

    const second = ledger.stored([
      newEvent(
        'SupportReplyDelivered',
        { requestId: 1, replyId, to: 'ada@example.com', messageId: '<m1>' },
        '2025-03-10T09:10:00.000Z',
      ),
      newEvent(
        'SupportReplied',
        {
          requestId: 1,
          replyId: '1c8b4d63-3a2f-4e9b-8d7c-6f5a4b3c2d1e',
          reply: 'Done',
          notes: null,
          repliedBy: 'ada',
          delivery: 'outbox',
        },
        '2025-03-10T09:11:00.000Z',
      ),
      newEvent(
        'SupportStatusChanged',
        { requestId: 1, from: 'in_progress', to: 'resolved', resolvedAt: '2025-03-10T09:12:00.000Z' },
        '2025-03-10T09:12:00.000Z',
      ),
    ]);
    await project(db.knex, supportRequestsProjection, second, first.at(-1)!.position);

    const request = await getSupportRequest(db.knex, 1);
    expect(request).toMatchObject({
      status: 'resolved',
      resolvedAt: '2025-03-10T09:12:00.000Z',
      notes: 'vip',
      outboxCount: 1,
    });
    expect(request?.replies.map((reply) => [reply.reply, reply.delivery, reply.deliveryError])).toEqual([
      ['On it', 'sent', null],
      ['Done', 'outbox', null],
    ]);
    expect((await listSupportRequests(db.knex)).map((row) => row.id)).toEqual([2, 1]);
    expect(await getSupportRequest(db.knex, 3)).toBeNull();

    // 23:30 UTC on the 9th is 00:30 on the 10th in Lagos: both requests fall on the Lagos 10th.
    expect(await getSupportStats(db.knex, new Date('2025-03-10T12:00:00.000Z'))).toEqual({
      total: 2,
      pending: 1,
      inProgress: 0,
      resolved: 1,
      todayCount: 2,
      weekCount: 2,
    });
    expect(await getSupportStats(db.knex, new Date('2025-03-16T22:59:00.000Z'))).toMatchObject({
      todayCount: 0,
      weekCount: 2,
    });
    expect(await getSupportStats(db.knex, new Date('2025-03-16T23:00:00.000Z'))).toMatchObject({
      todayCount: 0,
      weekCount: 0,
    });
  });
});
