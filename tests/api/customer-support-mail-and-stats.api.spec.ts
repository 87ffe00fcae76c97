import { lagosBusinessDay } from '@shop/contracts';
import { SUPPORT_REQUEST_IDS_STREAM, supportRequestStreamId } from '@shop/domain';
import { useTestApp } from './support/use-test-app';
import { SmtpSink } from './support/smtp-sink';

const DAY_MS = 24 * 60 * 60 * 1000;
const form = {
  fullName: 'Ada Obi',
  email: 'ada@example.com',
  subject: 'Late delivery',
  complaint: 'My order has not arrived.',
};

describe('customer support replies by mail', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await SmtpSink.start();
  });
  const app = useTestApp(() => ({ smtpUrl: sink.url('support', 's3cret pass') }));
  afterAll(() => sink.stop());

  const newRequest = async () => (await app.client().post('/api/customer-support', form)).body.id as number;

  it('sends the reply, without the internal notes, to the customer and marks it sent', async () => {
    const id = await newRequest();
    const response = await app.manager.post(`/api/customer-support/${id}/reply`, {
      reply: 'Your parcel ships today.',
      notes: 'INTERNAL: refund approved',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ outboxCount: 0, notes: 'INTERNAL: refund approved' });
    expect(response.body.replies[0]).toMatchObject({
      delivery: 'sent',
      deliveredAt: expect.any(String),
      deliveryError: null,
    });

    expect(sink.mails).toHaveLength(1);
    const [mail] = sink.mails;
    expect(mail).toMatchObject({
      auth: { user: 'support', pass: 's3cret pass' },
      from: 'no-reply@localhost',
      to: ['ada@example.com'],
    });
    expect(mail!.data).toContain('From: Glow Beauty <no-reply@localhost>');
    expect(mail!.data).toContain('Subject: Re: Late delivery');
    expect(mail!.data).toContain('Your parcel ships today.');
    expect(mail!.data).toContain(`support request #${id}`);
    expect(mail!.data).not.toContain('INTERNAL');
  });

  it('keeps a reply the mail server refuses in the outbox, with the error', async () => {
    const id = await newRequest();
    sink.rejectRecipients = true;
    try {
      const response = await app.manager.post(`/api/customer-support/${id}/reply`, { reply: 'Sorry for the wait.' });
      expect(response.status).toBe(201);
      expect(response.body.outboxCount).toBe(1);
      expect(response.body.replies[0]).toMatchObject({
        reply: 'Sorry for the wait.',
        delivery: 'outbox',
        deliveredAt: null,
      });
      expect(response.body.replies[0].deliveryError).toMatch(/550/);
    } finally {
      sink.rejectRecipients = false;
    }
    const events = await app.infrastructure.eventStore.readStream(supportRequestStreamId(id));
    expect(events.map((event) => event.type)).toEqual([
      'SupportRequestSubmitted',
      'SupportReplied',
      'SupportReplyDeliveryFailed',
    ]);
    expect(events[1]!.data).toMatchObject({ delivery: 'email', repliedBy: 'manager' });
  });

  it('keeps the reply in the outbox when the mail server is down', async () => {
    const id = await newRequest();
    await sink.stop();
    const response = await app.manager.post(`/api/customer-support/${id}/reply`, { reply: 'We will call you.' });
    expect(response.status).toBe(201);
    expect(response.body.replies[0]).toMatchObject({
      delivery: 'outbox',
      deliveryError: expect.stringMatching(/ECONNREFUSED|connect/i),
    });
    sink = await SmtpSink.start();
  });
});

describe('customer support stats (Africa/Lagos days)', () => {
  const app = useTestApp();

  /** Appends a submission as the gateway would, but at a chosen instant, and waits for the read model. */
  const submittedAt = async (at: Date) => {
    const store = app.infrastructure.eventStore;
    const counter = await store.readStream(SUPPORT_REQUEST_IDS_STREAM);
    const requestId = counter.length + 1;
    const metadata = { actorId: null, actorName: 'customer', at: at.toISOString() };
    const results = await store.appendMany([
      {
        streamId: SUPPORT_REQUEST_IDS_STREAM,
        expectedVersion: counter.length,
        events: [{ type: 'SupportRequestIdAllocated', schemaVersion: 1, data: { requestId }, metadata }],
      },
      {
        streamId: supportRequestStreamId(requestId),
        expectedVersion: 0,
        events: [
          {
            type: 'SupportRequestSubmitted',
            schemaVersion: 1,
            data: { requestId, ...form, phoneNumber: null, complaint: `Placed at ${at.toISOString()}` },
            metadata,
          },
        ],
      },
    ]);
    await app.infrastructure.runner.waitFor(results[1]!.position);
    return requestId;
  };

  it('counts today and the last 7 Lagos days by business day, not by UTC date', async () => {
    // Lagos is UTC+1: its day starts at 23:00 UTC the day before.
    let todayStart = Date.parse(`${lagosBusinessDay(new Date())}T00:00:00+01:00`);
    const untilMidnight = todayStart + DAY_MS - Date.now();
    if (untilMidnight < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1_000));
      todayStart += DAY_MS;
    }
    const minute = 60_000;
    const earlyToday = await submittedAt(new Date(todayStart + minute)); // 00:01 Lagos: UTC still says yesterday
    const lateYesterday = await submittedAt(new Date(todayStart - minute)); // 23:59 Lagos yesterday
    await submittedAt(new Date(todayStart - 6 * DAY_MS + minute)); // 6 days ago, 00:01: inside the week
    const eightDaysAgo = await submittedAt(new Date(todayStart - 6 * DAY_MS - minute)); // 7 days ago, 23:59: outside
    await submittedAt(new Date(todayStart - 30 * DAY_MS));
    expect((await app.client().post('/api/customer-support', form)).status).toBe(201);

    expect((await app.manager.put(`/api/customer-support/${earlyToday}`, { status: 'resolved' })).status).toBe(200);
    expect((await app.manager.put(`/api/customer-support/${lateYesterday}`, { status: 'in_progress' })).status).toBe(
      200,
    );
    expect((await app.manager.put(`/api/customer-support/${eightDaysAgo}`, { status: 'resolved' })).status).toBe(200);

    const stats = await app.manager.get('/api/customer-support/stats');
    expect(stats).toMatchObject({
      status: 200,
      body: { total: 6, pending: 3, inProgress: 1, resolved: 2, todayCount: 2, weekCount: 4 },
    });
    const list = (await app.manager.get('/api/customer-support')).body as { id: number; createdAt: string }[];
    expect(list.map((row) => row.createdAt)).toEqual([...list.map((row) => row.createdAt)].sort().reverse());
  });
});
