import { USER_REGISTERED } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPromoCode } from '../src/store/promo-codes';
import { type AuthTest, bearer, e164, newSignup, startAuth } from './helpers';

requireInfra('DATABASE_URL');

let t: AuthTest;
beforeAll(async () => {
  t = await startAuth();
});
afterAll(async () => {
  await t?.close();
});

async function counts() {
  const users = await t.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const events = await t.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const codes = await t.db
    .selectFrom('phone_verifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { users: Number(users.n), events: Number(events.n), codes: Number(codes.n), sms: t.smsLines().length };
}

describe('POST /api/auth/register', () => {
  it('creates an unverified trial account with an E.164 phone, sends a code and writes user.registered with it', async () => {
    const signup = newSignup({ email: '  Grace.Hopper@Example.COM ' });
    const res = await t.post('/api/auth/register', signup);
    expect(res.status).toBe(201);
    const claims = decodeJwt(res.body.token);
    expect(claims).toMatchObject({ email: 'grace.hopper@example.com', name: 'Ada Lovelace', verified: false, tv: 0 });
    expect(claims.sub).toMatch(/^[0-9a-f]{24}$/);

    const row = await t.db.selectFrom('users').selectAll().where('id', '=', claims.sub!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: 'grace.hopper@example.com',
      phone: e164(signup.cellPhone),
      plan: 'trial',
      phone_verified: false,
      is_test_user: false,
      promo_code: null,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const sms = t.smsLines().pop()!;
    expect(sms).toMatchObject({ to: e164(signup.cellPhone) });
    expect(sms.code).toMatch(/^\d{6}$/);
    const pending = await t.db
      .selectFrom('phone_verifications')
      .selectAll()
      .where('user_id', '=', claims.sub!)
      .executeTakeFirstOrThrow();
    expect(pending.code_hash).not.toContain(sms.code);

    const event = await t.db.selectFrom('outbox').selectAll().where('key', '=', claims.sub!).executeTakeFirstOrThrow();
    expect(event.topic).toBe('gnology.auth.v1');
    expect(event.payload).toMatchObject({
      type: USER_REGISTERED,
      subject: claims.sub,
      data: { userId: claims.sub, email: 'grace.hopper@example.com', plan: 'trial', promoCode: null },
    });
  });

  it('answers a taken e-mail (any case) exactly like a new sign-up, creating nothing and texting no one', async () => {
    const owner = newSignup();
    const first = await t.post('/api/auth/register', owner);
    expect(first.status).toBe(201);
    await t.post(
      '/api/auth/verify-phone',
      { email: owner.email, code: t.lastCode(e164(owner.cellPhone)) },
      bearer(first.body.token),
    );
    const before = await counts();

    const attacker = { ...newSignup(), email: owner.email.toUpperCase(), password: 'another-password' };
    const again = await t.post('/api/auth/register', attacker);
    const fresh = await t.post('/api/auth/register', newSignup());
    // Same status, same body keys, same claims: nothing says the e-mail was taken.
    expect(again.status).toBe(201);
    expect(Object.keys(again.body)).toEqual(Object.keys(fresh.body));
    const claims = decodeJwt(again.body.token);
    expect(Object.keys(claims).sort()).toEqual(Object.keys(decodeJwt(fresh.body.token)).sort());
    expect(claims).toMatchObject({ email: owner.email, name: 'Ada Lovelace', verified: false, tv: 0 });
    expect(claims.sub).toMatch(/^[0-9a-f]{24}$/);
    expect((await counts()).users).toBe(before.users + 1); // only the fresh sign-up
    expect(t.smsLines().filter((l) => l.to === e164(attacker.cellPhone))).toEqual([]);

    // The decoy session reads like any account waiting for its code...
    const me = await t.get('/api/auth/me', again.body.token);
    expect(me).toEqual({
      status: 200,
      body: {
        id: claims.sub,
        email: owner.email,
        name: 'Ada Lovelace',
        subscription: { plan: 'trial' },
        isTestUser: false,
        phoneVerified: false,
      },
    });
    const guess = await t.post(
      '/api/auth/verify-phone',
      { email: owner.email, code: '123456' },
      bearer(again.body.token),
    );
    expect(guess).toEqual({ status: 400, body: { error: 'Incorrect verification code. 4 attempts left.' } });
    const tooSoon = await t.post('/api/auth/resend-verification', { email: owner.email }, bearer(again.body.token));
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error).toMatch(/^Please wait \d+ seconds before requesting another code\.$/);
    // ...and cannot touch the real account, whose owner still signs in as before.
    const login = await t.post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(login.status).toBe(200);
    expect(login.body.user.phoneVerified).toBe(true);
    expect(login.body.user.id).not.toBe(claims.sub);
  });

  it('refuses an unknown, disabled or used-up promo code with a clear error and creates nothing', async () => {
    await addPromoCode(t.db, { code: 'ONCE', maxUses: 1 });
    expect((await t.post('/api/auth/register', newSignup({ optionalCode: 'once' }))).status).toBe(201);
    const before = await counts();
    for (const code of ['NOPE-2025', 'ONCE']) {
      const res = await t.post('/api/auth/register', newSignup({ optionalCode: code }));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(`The code ${code} is not valid. Please check it, or leave the field empty.`);
    }
    expect(await counts()).toEqual(before);
  });

  it('stores a valid promo code with the account and counts its use; a test-user code marks the account', async () => {
    await addPromoCode(t.db, { code: 'FAMILY-25' });
    await addPromoCode(t.db, { code: 'QA-TEAM', marksTestUser: true });
    const a = await t.post('/api/auth/register', newSignup({ optionalCode: 'family-25' }));
    const b = await t.post('/api/auth/register', newSignup({ optionalCode: 'QA-TEAM' }));
    const rows = await t.db
      .selectFrom('users')
      .select(['promo_code', 'is_test_user'])
      .where('id', 'in', [decodeJwt(a.body.token).sub!, decodeJwt(b.body.token).sub!])
      .orderBy('promo_code')
      .execute();
    expect(rows).toEqual([
      { promo_code: 'FAMILY-25', is_test_user: false },
      { promo_code: 'QA-TEAM', is_test_user: true },
    ]);
    const promo = await t.db
      .selectFrom('promo_codes')
      .select('uses')
      .where('code', '=', 'FAMILY-25')
      .executeTakeFirstOrThrow();
    expect(promo.uses).toBe(1);
  });

  it('refuses a short password, a bad e-mail, a missing name and an impossible phone number, creating nothing', async () => {
    const before = await counts();
    const cases: [Record<string, string>, string][] = [
      [{ password: '12345' }, 'Password must be at least 6 characters long'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ name: '   ' }, 'Name is required'],
      [{ cellPhone: '(555) 123' }, 'Please enter a valid phone number, e.g. (555) 123-4567.'],
      [{ optionalCode: 'no spaces!' }, 'The code may contain only letters, digits and hyphens'],
      [
        { password: 'Password1' },
        'This password is too common and easy to guess. Please choose a less common password.',
      ],
      [
        { password: 'QWERTY123' },
        'This password is too common and easy to guess. Please choose a less common password.',
      ],
      [
        { cellPhone: '+44 20 7946 0958' },
        'We can only send verification codes to phone numbers in the United States and Canada for now.',
      ],
    ];
    for (const [override, message] of cases) {
      const res = await t.post('/api/auth/register', newSignup(override));
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('lets an unverified sign-up change its phone number by registering again with the same password', async () => {
    const signup = newSignup();
    const first = await t.post('/api/auth/register', signup);
    const id = decodeJwt(first.body.token).sub!;
    // Within 30 s of the first code the change is refused with the seconds to wait (the form counts them down).
    const tooSoon = await t.post('/api/auth/register', { ...signup, cellPhone: '(555) 999-0003' });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error).toMatch(/^Please wait \d+ seconds before requesting another code\.$/);
    expect(tooSoon.body.retryAfterSeconds).toBe(Number(tooSoon.body.error.match(/\d+/)[0]));
    await t.db
      .updateTable('sms_sends')
      .set({ sent_at: new Date(Date.now() - 60_000) })
      .where('user_id', '=', id)
      .execute();

    const changed = { ...signup, cellPhone: '(555) 999-0001' };
    const second = await t.post('/api/auth/register', changed);
    expect(second.status).toBe(201);
    const row = await t.db.selectFrom('users').select('phone').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.phone).toBe('+15559990001');
    expect(t.smsLines().pop()?.to).toBe('+15559990001');

    // Another password is someone else: answered alike, and the pending account keeps its phone.
    const wrongPassword = await t.post('/api/auth/register', {
      ...changed,
      cellPhone: '(555) 999-0002',
      password: 'someone-else',
    });
    expect(wrongPassword.status).toBe(201);
    expect(decodeJwt(wrongPassword.body.token).sub).not.toBe(id);
    const kept = await t.db.selectFrom('users').select('phone').where('id', '=', id).executeTakeFirstOrThrow();
    expect(kept.phone).toBe('+15559990001');
  });
});
