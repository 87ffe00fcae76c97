import { supportRequestStreamId } from '@shop/domain';
import { useTestApp } from './support/use-test-app';
import { SmtpSink } from './support/smtp-sink';

const form = { fullName: 'Ada Obi', email: 'ada@example.com', subject: 'Late', complaint: 'Where is my order?' };

/** A reply sent with a replyKey is one reply however often it is retried: recorded once, emailed once. */
describe('support replies retried with a replyKey', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await SmtpSink.start();
  });
  const app = useTestApp(() => ({ smtpUrl: sink.url('support', 'pass'), trustProxy: ['loopback'] }));
  afterAll(() => sink.stop());

  let customers = 0;
  /** Each from its own address: the public form allows a few requests per address (spec section 9). */
  const newRequest = async () => {
    customers += 1;
    const address = { 'x-forwarded-for': `203.0.113.${customers}` };
    const submitted = await app.client().request('POST', '/api/customer-support', form, address);
    expect(submitted.status).toBe(201);
    return submitted.body.id as number;
  };
  /** The request as the inbox lists it. */
  const stored = async (id: number) =>
    ((await app.manager.get('/api/customer-support')).body as { id: number; replies: unknown[] }[]).find(
      (request) => request.id === id,
    )!;
  const reply = (id: number, body: unknown) => app.manager.post(`/api/customer-support/${id}/reply`, body);
  const replyEvents = async (id: number) =>
    (await app.infrastructure.eventStore.readStream(supportRequestStreamId(id))).filter(
      (event) => event.type === 'SupportReplied',
    );
  const mailsWith = (text: string) => sink.mails.filter((mail) => mail.data.includes(text));

  it('answers a repeat with 200 and the request, recording and emailing the reply once', async () => {
    const id = await newRequest();
    const body = { reply: 'Ships today (retry 1).', notes: 'called courier', replyKey: 'dialog-0001-a' };
    const first = await reply(id, body);
    expect(first.status).toBe(201);
    const again = await reply(id, body);
    expect(again.status).toBe(200);
    expect(again.body.replies).toHaveLength(1);
    expect(again.body.replies[0]).toMatchObject({ id: first.body.replies[0].id, delivery: 'sent' });
    expect(await replyEvents(id)).toHaveLength(1);
    expect(mailsWith('Ships today (retry 1).')).toHaveLength(1);
  });

  it('records one reply and sends one mail when the same reply is posted 4 times at once', async () => {
    const id = await newRequest();
    const body = { reply: 'Refund sent (at once).', replyKey: 'dialog-0002-b' };
    const answers = await Promise.all([1, 2, 3, 4].map(() => reply(id, body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
    expect(await replyEvents(id)).toHaveLength(1);
    expect(mailsWith('Refund sent (at once).')).toHaveLength(1);
    expect((await stored(id)).replies).toHaveLength(1);
  });

  it('refuses (409) a key already used for a different reply, storing and sending nothing', async () => {
    const id = await newRequest();
    expect((await reply(id, { reply: 'First words.', replyKey: 'dialog-0003-c' })).status).toBe(201);
    for (const body of [
      { reply: 'Other words.', replyKey: 'dialog-0003-c' },
      { reply: 'First words.', notes: 'added a note', replyKey: 'dialog-0003-c' },
    ]) {
      const refused = await reply(id, body);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: 'This reply key was already used for a different reply' });
    }
    await app.manager.post('/api/users', { username: 'tola', password: 'tola-secret-1', role: 'assistant' });
    await app.manager.put('/api/settings/page_permissions', { value: { assistant: { 'customer-support': true } } });
    const assistant = await app.signIn('tola', 'tola-secret-1');
    const other = await assistant.post(`/api/customer-support/${id}/reply`, {
      reply: 'First words.',
      replyKey: 'dialog-0003-c',
    });
    expect(other.status).toBe(409);
    expect(await replyEvents(id)).toHaveLength(1);
    expect(mailsWith('Other words.')).toHaveLength(0);
  });

  it("keeps a key to its request: the same key on another request is that request's own reply", async () => {
    const [one, two] = [await newRequest(), await newRequest()];
    const body = { reply: 'Same text, two customers.', replyKey: 'dialog-0004-d' };
    expect((await reply(one, body)).status).toBe(201);
    const second = await reply(two, body);
    expect(second.status).toBe(201);
    const [first] = (await stored(one)).replies as { id: string }[];
    expect(second.body.replies).toHaveLength(1);
    expect(second.body.replies[0].id).not.toBe(first!.id);
    expect((await stored(one)).replies).toHaveLength(1);
    expect(mailsWith('Same text, two customers.')).toHaveLength(2);
  });

  it('answers a retry of a recorded reply with 200 after the request was resolved meanwhile', async () => {
    const id = await newRequest();
    const body = { reply: 'All sorted.', replyKey: 'dialog-0005-e' };
    expect((await reply(id, body)).status).toBe(201);
    expect((await app.manager.put(`/api/customer-support/${id}`, { status: 'resolved' })).status).toBe(200);
    expect((await reply(id, body)).status).toBe(200);
    const fresh = await reply(id, { ...body, replyKey: 'dialog-0005-f' });
    expect(fresh.status).toBe(409);
    expect(fresh.body.message).toBe('This support request is resolved: reopen it before replying');
  });

  it('takes replies without a key as separate replies, as before', async () => {
    const id = await newRequest();
    expect((await reply(id, { reply: 'Twice on purpose.' })).status).toBe(201);
    const second = await reply(id, { reply: 'Twice on purpose.' });
    expect(second.status).toBe(201);
    expect(second.body.replies).toHaveLength(2);
  });

  it('refuses a malformed replyKey (400) and stores nothing', async () => {
    const id = await newRequest();
    for (const replyKey of ['short', 'x'.repeat(101), 'has spaces in it', 'ключ-ответа-1', 42, null, '']) {
      const refused = await reply(id, { reply: 'Hello', replyKey });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        message: 'replyKey must be 8 to 100 letters, digits, hyphens or underscores',
      });
    }
    expect(await replyEvents(id)).toHaveLength(0);
  });
});
