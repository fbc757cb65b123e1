import { USER_REGISTERED } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPromoCode } from '../src/store/promo-codes';
import { type AuthTest, e164, newSignup, startAuth } from './helpers';

requireInfra('DATABASE_URL');

let t: AuthTest;
beforeAll(async () => {
  t = await startAuth();
});
afterAll(async () => {
  await t?.close();
});

async function counts() {
  const users = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const events = await t.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const codes = await t.db.selectFrom('phone_verifications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
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
    expect(row).toMatchObject({ email: 'grace.hopper@example.com', phone: e164(signup.cellPhone), plan: 'trial', phone_verified: false, is_test_user: false, promo_code: null });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const sms = t.smsLines().pop()!;
    expect(sms).toMatchObject({ to: e164(signup.cellPhone) });
    expect(sms.code).toMatch(/^\d{6}$/);
    const pending = await t.db.selectFrom('phone_verifications').selectAll().where('user_id', '=', claims.sub!).executeTakeFirstOrThrow();
    expect(pending.code_hash).not.toContain(sms.code);

    const event = await t.db.selectFrom('outbox').selectAll().where('key', '=', claims.sub!).executeTakeFirstOrThrow();
    expect(event.topic).toBe('gnology.auth.v1');
    expect(event.payload).toMatchObject({ type: USER_REGISTERED, subject: claims.sub, data: { userId: claims.sub, email: 'grace.hopper@example.com', plan: 'trial', promoCode: null } });
  });

  it('answers 409 for a taken e-mail (any case) and creates nothing', async () => {
    const signup = newSignup();
    expect((await t.post('/api/auth/register', signup)).status).toBe(201);
    const before = await counts();
    const again = await t.post('/api/auth/register', { ...newSignup(), email: signup.email.toUpperCase(), password: 'another-password' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('An account with this email already exists. Please log in instead.');
    expect(await counts()).toEqual(before);
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
    const promo = await t.db.selectFrom('promo_codes').select('uses').where('code', '=', 'FAMILY-25').executeTakeFirstOrThrow();
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
    await t.db.updateTable('sms_sends').set({ sent_at: new Date(Date.now() - 60_000) }).where('user_id', '=', id).execute();

    const changed = { ...signup, cellPhone: '(555) 999-0001' };
    const second = await t.post('/api/auth/register', changed);
    expect(second.status).toBe(201);
    const row = await t.db.selectFrom('users').select('phone').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.phone).toBe('+15559990001');
    expect(t.smsLines().pop()?.to).toBe('+15559990001');

    const wrongPassword = await t.post('/api/auth/register', { ...changed, password: 'someone-else' });
    expect(wrongPassword.status).toBe(409);
  });
});
