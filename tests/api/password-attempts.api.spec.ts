import { AUTH_MESSAGES } from '@shop/contracts';
import {
  PASSWORD_HASHING_CONCURRENCY,
  PASSWORD_HASHING_MAX_WAITING,
} from '../../services/src/gateway/auth/password-hasher';
import { PASSWORD_ATTEMPT_LIMITS } from '../../services/src/gateway/auth/password-attempts';
import { useTestApp } from './support/use-test-app';

const ACCOUNT_LIMIT = PASSWORD_ATTEMPT_LIMITS.account.limit;
const CLIENT_LIMIT = PASSWORD_ATTEMPT_LIMITS.client.limit;
const INVALID = { status: 401, body: { message: 'Invalid username or password' } };
const THROTTLED = { status: 429, body: { message: AUTH_MESSAGES.tooManyPasswordAttempts } };
const supportForm = { fullName: 'Ada Obi', email: 'ada@example.com', complaint: 'My order has not arrived.' };

/** Seconds in Retry-After: within the 15-minute window. */
const retryAfter = (response: { headers: Headers }) => Number(response.headers.get('retry-after'));

describe('password attempts and client addresses, no trusted proxy (the default)', () => {
  const app = useTestApp();
  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    app.client().request('POST', '/api/login', { username, password }, headers);

  beforeAll(async () => {
    for (const username of ['ada', 'bola', 'chidi'])
      expect((await app.manager.post('/api/users', { username, password: `${username}-secret-1` })).status).toBe(201);
  });

  it('gives new users the 8-character floor of password changes', async () => {
    expect(await app.manager.post('/api/users', { username: 'shorty', password: 'seven77' })).toMatchObject({
      status: 400,
      body: { message: 'Password must be at least 8 characters long' },
    });
    expect(await app.manager.post('/api/users', { username: 'shorty', password: '' })).toMatchObject({
      status: 400,
      // Spec 'Add user': a missing username or password is 'Please fill in all required fields'.
      body: { message: 'Please fill in all required fields' },
    });
    expect(
      (await app.manager.get('/api/users')).body.some((user: { username: string }) => user.username === 'shorty'),
    ).toBe(false);
  });

  it('refuses an account after its budget of wrong passwords (any case) with 429 and Retry-After; successes and other accounts are not held back', async () => {
    for (let attempt = 0; attempt < ACCOUNT_LIMIT + 2; attempt += 1)
      expect((await login('ada', 'ada-secret-1')).status).toBe(200);
    const spellings = ['ada', 'ADA', ' Ada ', 'aDa'];
    for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt += 1)
      expect(await login(spellings[attempt % spellings.length]!, 'wrong-password')).toMatchObject(INVALID);
    const refused = await login('ada', 'ada-secret-1');
    expect(refused).toMatchObject(THROTTLED);
    expect(retryAfter(refused)).toBeGreaterThan(0);
    expect(retryAfter(refused)).toBeLessThanOrEqual(15 * 60);
    // Same client address, another account: the per-client budget (failures only) is far from spent.
    expect((await login('bola', 'bola-secret-1')).status).toBe(200);
    // A malformed sign-in is a 400 and costs nothing.
    expect(await login('', 'x')).toMatchObject({ status: 400, body: { message: 'Username is required' } });
  });

  it('throttles the manager password gate and sign-in on one budget per account', async () => {
    for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt += 1)
      expect(await app.manager.post('/api/contact-info/verify-password', { password: 'not-it' })).toMatchObject({
        status: 403,
        body: { message: 'Invalid Password' },
      });
    expect(
      await app.manager.post('/api/contact-info/verify-password', { password: app.managerPassword }),
    ).toMatchObject(THROTTLED);
    const contact = {
      email: 'shop@example.com',
      phone: '+234 801 234 5678',
      whatsapp: '+234 801 234 5678',
      address: '1 Broad Street, Lagos',
      password: app.managerPassword,
    };
    const edit = await app.manager.put('/api/contact-info', contact);
    expect(edit).toMatchObject(THROTTLED);
    expect(retryAfter(edit)).toBeGreaterThan(0);
    expect(await login('manager', app.managerPassword)).toMatchObject(THROTTLED);
  });

  it('throttles change password on the account whose current password is checked', async () => {
    const chidi = (await app.manager.get('/api/users')).body.find(
      (user: { username: string }) => user.username === 'chidi',
    );
    const change = (currentPassword: string) =>
      app.manager.put(`/api/users/${chidi.id}/change-password`, { currentPassword, newPassword: 'chidi-secret-2' });
    // A refused new password is a 400 and costs nothing.
    for (let attempt = 0; attempt < 6; attempt += 1)
      expect(
        (
          await app.manager.put(`/api/users/${chidi.id}/change-password`, {
            currentPassword: 'x',
            newPassword: 'short',
          })
        ).status,
      ).toBe(400);
    for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt += 1)
      expect(await change('not-it')).toMatchObject({ status: 403, body: { message: 'Current password is incorrect' } });
    expect(await change('chidi-secret-1')).toMatchObject(THROTTLED);
    expect(await login('chidi', 'chidi-secret-1')).toMatchObject(THROTTLED);
    expect((await login('bola', 'bola-secret-1')).status).toBe(200);
  });

  it('ignores X-Forwarded-For: a caller cannot step around the support form limit by naming new addresses', async () => {
    const submit = (index: number) =>
      app.client().request('POST', '/api/customer-support', supportForm, { 'x-forwarded-for': `203.0.113.${index}` });
    for (let index = 1; index <= 5; index += 1) expect((await submit(index)).status).toBe(201);
    const refused = await submit(6);
    expect(refused).toMatchObject({ status: 429, body: { message: 'Too many requests, please try again later.' } });
    expect(retryAfter(refused)).toBeGreaterThan(0);
  });
});

describe('password attempts and client addresses behind a trusted proxy (TRUST_PROXY=loopback)', () => {
  const app = useTestApp({ trustProxy: ['loopback'] }, { signInManager: false });
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const login = (username: string, password: string, address: string) =>
    app.client().request('POST', '/api/login', { username, password }, from(address));

  it('takes the client address from X-Forwarded-For: the support form limit is per named address', async () => {
    const submit = (address: string) =>
      app.client().request('POST', '/api/customer-support', supportForm, from(address));
    for (let index = 0; index < 5; index += 1) expect((await submit('198.51.100.1')).status).toBe(201);
    expect((await submit('198.51.100.1')).status).toBe(429);
    expect((await submit('198.51.100.2')).status).toBe(201);
  });

  it('refuses one client address after its budget of wrong passwords across accounts; other addresses sign in', async () => {
    // Each account stays under its own budget, so only the client's can refuse.
    for (let attempt = 0; attempt < CLIENT_LIMIT; attempt += 1)
      expect(await login(`ghost-${attempt % 25}`, 'wrong-password', '203.0.113.50')).toMatchObject(INVALID);
    const refused = await login('manager', app.managerPassword, '203.0.113.50');
    expect(refused).toMatchObject(THROTTLED);
    expect(retryAfter(refused)).toBeGreaterThan(0);
    expect((await login('manager', app.managerPassword, '203.0.113.51')).status).toBe(200);
  });

  it('keeps strangers from locking an account out where its password was accepted lately (familiar addresses have their own budget)', async () => {
    const manager = await app.signIn('manager', app.managerPassword);
    expect((await manager.post('/api/users', { username: 'funmi', password: 'funmi-secret-1' })).status).toBe(201);
    const shop = '10.20.0.5';
    expect((await login('funmi', 'funmi-secret-1', shop)).status).toBe(200);

    // A stranger spends the account's budget from elsewhere: strangers are refused, even with the right password.
    for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt += 1)
      expect(await login('funmi', 'guess', `192.0.2.${attempt}`)).toMatchObject(INVALID);
    expect(await login('funmi', 'funmi-secret-1', '192.0.2.200')).toMatchObject(THROTTLED);
    // From the address where her password was accepted, she still signs in.
    expect((await login('FUNMI', 'funmi-secret-1', shop)).status).toBe(200);

    // The familiar address has a budget of its own, as limited as everyone's.
    for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt += 1)
      expect(await login('funmi', 'mistyped', shop)).toMatchObject(INVALID);
    expect(await login('funmi', 'funmi-secret-1', shop)).toMatchObject(THROTTLED);
  });

  it('checks few passwords at a time: other requests answer while a crowd of sign-ins waits, the overflow gets 429 at once', async () => {
    const manager = await app.signIn('manager', app.managerPassword);
    // Each from its own address on its own account, so only the hashing bound can refuse them.
    const crowd = PASSWORD_HASHING_CONCURRENCY + PASSWORD_HASHING_MAX_WAITING + 40;
    let finished = 0;
    const signIns = Array.from({ length: crowd }, (_, index) =>
      login(`crowd-${index}`, 'wrong-password', `10.9.${index >> 8}.${index & 255}`).then((response) => {
        finished += 1;
        return response;
      }),
    );
    // The first answer is an overflow refused at once, or a finished check: either way the line is busy.
    await Promise.race(signIns);
    const health = await app.client().get('/api/health');
    const finishedWhenHealthAnswered = finished;
    const session = await manager.get('/api/session');
    const responses = await Promise.all(signIns);

    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(session.status).toBe(200);
    expect(finishedWhenHealthAnswered).toBeLessThan(crowd);
    const busy = responses.filter((response) => response.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    for (const response of busy) {
      expect(response.body).toEqual({ message: AUTH_MESSAGES.passwordChecksBusy });
      expect(retryAfter(response)).toBe(1);
    }
    expect(responses.filter((response) => response.status === 401)).toHaveLength(crowd - busy.length);
  });
});

describe('client addresses behind one proxy counted by hops (TRUST_PROXY=1)', () => {
  const app = useTestApp({ trustProxy: 1 }, { signInManager: false });
  const submit = (forwardedFor: string) =>
    app.client().request('POST', '/api/customer-support', supportForm, { 'x-forwarded-for': forwardedFor });

  it('takes the address the proxy appended (the last one): names a client writes before it change nothing', async () => {
    for (let index = 1; index <= 5; index += 1)
      expect((await submit(`203.0.113.${index}, 198.51.100.7`)).status).toBe(201);
    expect((await submit('203.0.113.99, 198.51.100.7')).status).toBe(429);
    expect((await submit('198.51.100.8')).status).toBe(201);
  });
});
