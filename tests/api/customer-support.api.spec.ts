import { useTestApp } from './support/use-test-app';

const valid = {
  fullName: 'Ada Obi',
  email: 'ada@example.com',
  phoneNumber: '+234 801 234 5678',
  subject: 'Late delivery',
  complaint: 'My order has not arrived.',
};

describe('customer support API', () => {
  const app = useTestApp({ trustProxy: ['loopback'] });
  let addressSeq = 0;

  /** Each call comes from its own client address (X-Forwarded-For, trusted from loopback: TRUST_PROXY) unless one is given. */
  const submit = (body: unknown, address = `203.0.113.${++addressSeq}`) =>
    app.client().request('POST', '/api/customer-support', body, { 'x-forwarded-for': address });
  const newRequest = async () => {
    const response = await submit(valid);
    expect(response.status).toBe(201);
    return response.body.id as number;
  };
  const setStatus = (id: number | string, status: string) => app.manager.put(`/api/customer-support/${id}`, { status });
  const reply = (id: number | string, body: unknown) => app.manager.post(`/api/customer-support/${id}/reply`, body);
  const stored = async () => {
    const knex = app.infrastructure.database.knex;
    const head = await app.infrastructure.eventStore.newestCommittedPosition();
    const count = async (table: string) => Number((await knex(table).count({ n: '*' }))[0]?.n);
    return {
      head: head ? `${head.commit}:${head.prepare}` : null,
      requests: await count('support_requests'),
      hits: await count('support_intake_hits'),
    };
  };

  it('takes a public request with a serial id and shows it to staff, newest first', async () => {
    const first = await submit(valid);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(Number), ...valid, status: 'pending', createdAt: expect.any(String) });
    const second = await submit({
      fullName: '  Bola  ',
      email: 'bola@example.com',
      complaint: 'Wrong shade',
      phoneNumber: '',
      subject: '   ',
    });
    expect(second.body).toMatchObject({ id: first.body.id + 1, fullName: 'Bola', phoneNumber: null, subject: null });

    const list = await app.manager.get('/api/customer-support');
    expect(list.status).toBe(200);
    expect(list.body.slice(0, 2).map((row: { id: number }) => row.id)).toEqual([second.body.id, first.body.id]);
    expect(list.body[1]).toEqual({
      ...first.body,
      resolvedAt: null,
      notes: null,
      updatedAt: first.body.createdAt,
      replies: [],
      outboxCount: 0,
    });
  });

  it('gives concurrent submissions distinct, consecutive ids', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => submit(valid)));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(201));
    const ids = responses.map((response) => response.body.id as number).sort((a, b) => a - b);
    expect(ids).toEqual(ids.map((_, index) => ids[0]! + index));
  });

  it('accepts every field at its limit', async () => {
    const response = await submit({
      fullName: 'n'.repeat(255),
      email: `${'e'.repeat(243)}@example.com`,
      phoneNumber: '1'.repeat(50),
      subject: 's'.repeat(255),
      complaint: 'c'.repeat(5000),
    });
    expect(response.status).toBe(201);
    expect(response.body.email).toHaveLength(255);
  });

  it.each([
    ['full name', 'missing', { fullName: undefined }],
    ['full name', 'blank', { fullName: '   ' }],
    ['full name', '256 characters', { fullName: 'n'.repeat(256) }],
    ['full name', 'a number', { fullName: 42 }],
    ['email', 'missing', { email: undefined }],
    ['email', 'malformed', { email: 'not-an-email' }],
    ['email', '256 characters', { email: `${'e'.repeat(244)}@example.com` }],
    ['phone number', '51 characters', { phoneNumber: '1'.repeat(51) }],
    ['subject', '256 characters', { subject: 's'.repeat(256) }],
    ['complaint', 'missing', { complaint: undefined }],
    ['complaint', 'blank', { complaint: ' \n ' }],
    ['complaint', '5001 characters', { complaint: 'c'.repeat(5001) }],
  ])('refuses %s (%s) with 400 naming it, storing nothing', async (label, _case, change) => {
    const before = await stored();
    const response = await submit({ ...valid, ...change });
    expect(response.status).toBe(400);
    expect(response.body.message.toLowerCase()).toContain(label);
    expect(await stored()).toEqual(before);
  });

  it('limits one address to 5 requests in 10 minutes (429), other addresses unaffected', async () => {
    const address = '198.51.100.23';
    for (let index = 0; index < 5; index++) expect((await submit(valid, address)).status).toBe(201);
    const before = await stored();
    const refused = await submit(valid, address);
    expect(refused).toMatchObject({ status: 429, body: { message: 'Too many requests, please try again later.' } });
    // The first of the five leaves the 10-minute window a little under 600 s from now.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await stored()).toEqual(before);
    // Validation comes first: a malformed form is a 400 and uses no slot.
    expect((await submit({ ...valid, email: 'nope' }, '198.51.100.24')).status).toBe(400);
    expect((await submit(valid, '198.51.100.24')).status).toBe(201);
  });

  describe('status moves (spec section 4)', () => {
    /** A fresh request brought to `status` by legal moves. */
    const requestAt = async (status: string) => {
      const id = await newRequest();
      if (status === 'in_progress') expect((await setStatus(id, 'in_progress')).status).toBe(200);
      if (status === 'resolved') expect((await setStatus(id, 'resolved')).status).toBe(200);
      return id;
    };

    it.each([
      ['pending', 'in_progress'],
      ['pending', 'resolved'],
      ['in_progress', 'resolved'],
      ['resolved', 'in_progress'],
    ])('moves %s → %s and answers the updated request', async (from, to) => {
      const id = await requestAt(from);
      const response = await setStatus(id, to);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id, status: to });
      expect(response.body.resolvedAt === null).toBe(to !== 'resolved');
      const listed = (await app.manager.get('/api/customer-support')).body.find((row: { id: number }) => row.id === id);
      expect(listed).toEqual(response.body);
    });

    it.each([
      ['pending', 'pending'],
      ['in_progress', 'in_progress'],
      ['in_progress', 'pending'],
      ['resolved', 'resolved'],
      ['resolved', 'pending'],
    ])('refuses %s → %s with 409 and changes nothing', async (from, to) => {
      const id = await requestAt(from);
      const before = await stored();
      const response = await setStatus(id, to);
      expect(response.status).toBe(409);
      expect(response.body.message).toContain(from === to ? `already '${from}'` : `from '${from}' to '${to}'`);
      expect(await stored()).toEqual(before);
    });

    it('sets resolvedAt on resolve and clears it on reopen', async () => {
      const id = await newRequest();
      const started = Date.now();
      const resolved = await setStatus(id, 'resolved');
      expect(Date.parse(resolved.body.resolvedAt)).toBeGreaterThanOrEqual(started - 1000);
      expect((await setStatus(id, 'in_progress')).body).toMatchObject({ status: 'in_progress', resolvedAt: null });
      const again = await setStatus(id, 'resolved');
      expect(Date.parse(again.body.resolvedAt)).toBeGreaterThanOrEqual(Date.parse(resolved.body.resolvedAt));
    });

    it('answers 404 for an unknown id and 400 for an unknown status', async () => {
      for (const id of ['999999', 'abc', '0', '-1', '1.5', '99999999999']) {
        expect(await setStatus(id, 'resolved')).toMatchObject({
          status: 404,
          body: { message: 'Support request not found' },
        });
        expect(await reply(id, { reply: 'Hello' })).toMatchObject({
          status: 404,
          body: { message: 'Support request not found' },
        });
      }
      const id = await newRequest();
      const response = await setStatus(id, 'closed');
      expect(response.status).toBe(400);
      expect(response.body.message).toBe("Status must be 'pending', 'in_progress' or 'resolved'");
    });
  });

  describe('replies', () => {
    it('keeps a reply with internal notes in the outbox when no mail server is configured', async () => {
      const id = await newRequest();
      const response = await reply(id, { reply: '  We are on it.  ', notes: 'Courier called' });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ id, status: 'pending', notes: 'Courier called', outboxCount: 1 });
      expect(response.body.replies).toEqual([
        {
          id: expect.any(String),
          reply: 'We are on it.',
          notes: 'Courier called',
          repliedBy: 'manager',
          at: expect.any(String),
          delivery: 'outbox',
          deliveredAt: null,
          deliveryError: null,
        },
      ]);
      const second = await reply(id, { reply: 'Delivered today.' });
      expect(second.body.replies.map((row: { reply: string }) => row.reply)).toEqual([
        'We are on it.',
        'Delivered today.',
      ]);
      // Notes optional: a reply without notes keeps the request's latest ones.
      expect(second.body).toMatchObject({ notes: 'Courier called', outboxCount: 2 });
    });

    it('refuses a blank or missing reply (400) and any reply once resolved (409), storing nothing', async () => {
      const id = await newRequest();
      const before = await stored();
      for (const body of [{ reply: '   ' }, { reply: '\n\t' }, {}, { reply: 5 }]) {
        const response = await reply(id, body);
        expect(response.status).toBe(400);
        expect(response.body.message).toMatch(/reply/i);
      }
      expect(await stored()).toEqual(before);

      await setStatus(id, 'resolved');
      const afterResolve = await stored();
      const refused = await reply(id, { reply: 'One more thing' });
      expect(refused).toMatchObject({
        status: 409,
        body: { message: 'This support request is resolved: reopen it before replying' },
      });
      expect(await stored()).toEqual(afterResolve);
      await setStatus(id, 'in_progress');
      expect((await reply(id, { reply: 'One more thing' })).status).toBe(201);
    });
  });

  describe('access', () => {
    it('needs a session (401) and the customer-support page for an assistant (403 → 200)', async () => {
      const id = await newRequest();
      const anonymous = app.client();
      for (const call of [
        anonymous.get('/api/customer-support'),
        anonymous.get('/api/customer-support/stats'),
        anonymous.post(`/api/customer-support/${id}/reply`, { reply: 'Hi' }),
        anonymous.put(`/api/customer-support/${id}`, { status: 'resolved' }),
      ]) {
        expect((await call).status).toBe(401);
      }

      expect(
        (await app.manager.post('/api/users', { username: 'tola', password: 'tola-secret-1', role: 'assistant' }))
          .status,
      ).toBe(201);
      const assistant = await app.signIn('tola', 'tola-secret-1');
      expect((await assistant.get('/api/customer-support')).status).toBe(403);
      expect((await assistant.get('/api/customer-support/stats')).status).toBe(403);
      expect((await assistant.put(`/api/customer-support/${id}`, { status: 'resolved' })).status).toBe(403);
      expect((await assistant.post(`/api/customer-support/${id}/reply`, { reply: 'Hi' })).status).toBe(403);

      const granted = await app.manager.put('/api/settings/page_permissions', {
        value: { assistant: { 'customer-support': true } },
      });
      expect(granted.status).toBe(200);
      expect((await assistant.get('/api/customer-support')).status).toBe(200);
      expect((await assistant.get('/api/customer-support/stats')).status).toBe(200);
      const replied = await assistant.post(`/api/customer-support/${id}/reply`, { reply: 'Hi' });
      expect(replied.status).toBe(201);
      expect(replied.body.replies[0].repliedBy).toBe('tola');
      expect((await assistant.put(`/api/customer-support/${id}`, { status: 'in_progress' })).status).toBe(200);
    });
  });
});
