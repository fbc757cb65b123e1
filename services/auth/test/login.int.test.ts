import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTest, ageSends, bearer, e164, newSignup, startAuth, verifiedUser } from './helpers';

requireInfra('DATABASE_URL');

let t: AuthTest;
beforeAll(async () => {
  t = await startAuth({
    env: { LOGIN_MAX_FAILURES_PER_EMAIL: '5', LOGIN_MAX_FAILURES_PER_IP: '8', LOGIN_WINDOW_MINUTES: '15' },
  });
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** Each test signs in from its own address (through the gateway: x-forwarded-for), so IP counters do not mix. */
const newIp = () => ({ 'x-forwarded-for': `203.0.113.${++ipCounter}` });

describe('POST /api/auth/login', () => {
  it('answers a token and the user for the right password', async () => {
    const u = await verifiedUser(t);
    const res = await t.post('/api/auth/login', { email: ` ${u.email.toUpperCase()} `, password: u.password }, newIp());
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      id: u.id,
      email: u.email,
      name: 'Ada Lovelace',
      subscription: { plan: 'trial' },
      isTestUser: false,
      phoneVerified: true,
    });
    const me = await t.get('/api/auth/me', res.body.token);
    expect(me.body.id).toBe(u.id);
  });

  it('gives a wrong password and an unknown e-mail the same 401 answer', async () => {
    const u = await verifiedUser(t);
    const ip = newIp();
    const wrong = await t.post('/api/auth/login', { email: u.email, password: 'not-the-password' }, ip);
    const unknown = await t.post(
      '/api/auth/login',
      { email: 'nobody.at.all@example.com', password: 'not-the-password' },
      ip,
    );
    expect(wrong).toEqual({ status: 401, body: { error: 'Invalid email or password' } });
    expect(unknown).toEqual(wrong);
    expect((await t.post('/api/auth/login', { email: u.email }, ip)).body.error).toBe('Password is required');
  });

  it('limits failures per e-mail: the 6th try answers 429 with the minutes left, even with the right password or another IP', async () => {
    const u = await verifiedUser(t);
    for (let i = 0; i < 5; i++)
      expect((await t.post('/api/auth/login', { email: u.email, password: `wrong-${i}` }, newIp())).status).toBe(401);
    const blocked = await t.post('/api/auth/login', { email: u.email, password: u.password }, newIp());
    expect(blocked).toEqual({
      status: 429,
      body: { error: 'Too many attempts. Please try again in 15 minutes.', retryAfterMinutes: 15 },
    });

    // The window ends 15 minutes after the first failure.
    await t.db
      .updateTable('rate_limits')
      .set({ window_started_at: new Date(Date.now() - 15 * 60_000 - 1000) })
      .where('key', '=', `login:email:${u.email}`)
      .execute();
    expect((await t.post('/api/auth/login', { email: u.email, password: u.password }, newIp())).status).toBe(200);
  });

  it('limits failures per IP across e-mails; other addresses are not affected', async () => {
    const u = await verifiedUser(t);
    const ip = newIp();
    for (let i = 0; i < 8; i++)
      await t.post('/api/auth/login', { email: `guess${i}@example.com`, password: 'password1' }, ip);
    const blocked = await t.post('/api/auth/login', { email: u.email, password: u.password }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect((await t.post('/api/auth/login', { email: u.email, password: u.password }, newIp())).status).toBe(200);
  });

  it('counts each attempt before checking it: of 50 parallel wrong passwords, at most the limit are checked', async () => {
    const u = await verifiedUser(t);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.post('/api/auth/login', { email: u.email, password: `wrong-${i}` }, newIp()),
      ),
    );
    const checked = results.filter((r) => r.status === 401);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.status === 429)).toHaveLength(50 - checked.length);
    expect((await t.post('/api/auth/login', { email: u.email, password: u.password }, newIp())).status).toBe(429);
  });

  it('does not count good sign-ins against the address', async () => {
    const u = await verifiedUser(t);
    const ip = newIp();
    for (let i = 0; i < 12; i++)
      expect((await t.post('/api/auth/login', { email: u.email, password: u.password }, ip)).status).toBe(200);
  });

  it('keys the failure count on the peer address: a header from a client that is not the gateway changes nothing', async () => {
    const u = await verifiedUser(t);
    const attempt = (password: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.77',
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
        payload: { email: `guess${i}@example.com`, password },
      });
    for (let i = 0; i < 8; i++) expect((await attempt('not-the-password', i)).statusCode).toBe(401);
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.77',
      headers: { 'x-forwarded-for': '192.0.2.99' },
      payload: { email: u.email, password: u.password },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('shares its counters between replicas (they live in Postgres)', async () => {
    const u = await verifiedUser(t);
    const replica = await t.rebuild({ LOGIN_MAX_FAILURES_PER_EMAIL: '5' });
    for (let i = 0; i < 3; i++) await t.post('/api/auth/login', { email: u.email, password: 'wrong' }, newIp());
    for (let i = 0; i < 2; i++)
      await replica.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: u.email, password: 'wrong' },
        headers: newIp(),
      });
    const blocked = await replica.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
      headers: newIp(),
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('lets an unverified account sign in; protected APIs then answer 403 and /me says phoneVerified false', async () => {
    const signup = newSignup();
    await t.post('/api/auth/register', signup);
    const login = await t.post('/api/auth/login', { email: signup.email, password: signup.password }, newIp());
    expect(login.status).toBe(200);
    expect(login.body.user.phoneVerified).toBe(false);
    const me = await t.get('/api/auth/me', login.body.token);
    expect(me).toMatchObject({ status: 200, body: { phoneVerified: false, email: signup.email } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: { authorization: `Bearer ${login.body.token}` },
      payload: { currentPassword: signup.password, newPassword: 'something-new' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: 'Please verify your phone number to continue.',
      needsVerification: true,
    });
  });

  it('sends an unverified account a fresh code at sign-in when its last one is used up', async () => {
    const signup = newSignup();
    const reg = await t.post('/api/auth/register', signup);
    const phone = e164(signup.cellPhone);
    const sent = t.smsLines().filter((l) => l.to === phone).length;
    // The registration code is still good: no new SMS.
    await t.post('/api/auth/login', { email: signup.email, password: signup.password }, newIp());
    expect(t.smsLines().filter((l) => l.to === phone)).toHaveLength(sent);

    await t.db
      .updateTable('phone_verifications')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    await ageSends(t.db, 31);
    await t.post('/api/auth/login', { email: signup.email, password: signup.password }, newIp());
    expect(t.smsLines().filter((l) => l.to === phone)).toHaveLength(sent + 1);
    const verify = await t.post(
      '/api/auth/verify-phone',
      { email: signup.email, code: t.lastCode(phone) },
      bearer(reg.body.token),
    );
    expect(verify.status).toBe(200);
  });
});
