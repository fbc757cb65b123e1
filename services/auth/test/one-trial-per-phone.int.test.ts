import { USER_PHONE_VERIFIED } from '@gnology/contracts';
import { migrate } from '@gnology/platform/db/database';
import { createTestService, requireInfra } from '@gnology/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_TRIAL_PHONE_USED } from '../src/domain/user';
import { migrations } from '../src/migrations';
import { type AuthTest, bearer, e164, newSignup, startAuth } from './helpers';

requireInfra('DATABASE_URL');

let t: AuthTest;
beforeAll(async () => {
  t = await startAuth();
});
afterAll(async () => {
  await t?.close();
});

/** Registers with `cellPhone` (typed as `typed`) and verifies the phone with the code sent. */
async function signUpAndVerify(cellPhone: string, typed = cellPhone) {
  const signup = newSignup({ cellPhone: typed });
  const reg = await t.post('/api/auth/register', signup);
  expect(reg.status).toBe(201);
  const id = decodeJwt(reg.body.token).sub!;
  const verified = await t.post(
    '/api/auth/verify-phone',
    { email: signup.email, code: t.lastCode(e164(cellPhone)) },
    bearer(reg.body.token),
  );
  expect(verified.status).toBe(200);
  return { id, verified };
}

async function phoneVerifiedEvent(userId: string) {
  const row = await t.db
    .selectFrom('outbox')
    .select('payload')
    .where('key', '=', userId)
    .where(({ ref }) => ref('payload', '->>').key('type'), '=', USER_PHONE_VERIFIED)
    .executeTakeFirstOrThrow();
  return row.payload as { data: Record<string, unknown> };
}

describe('one free trial per verified phone number (issue 29, point 4)', () => {
  it('gives the first account on a number its trial, and a second one none, saying why', async () => {
    const phone = newSignup().cellPhone;
    const first = await signUpAndVerify(phone);
    expect(first.verified.body.user.subscription).toEqual({ plan: 'trial' });
    expect((await phoneVerifiedEvent(first.id)).data).toMatchObject({ userId: first.id, trialGranted: true });

    // The same number typed another way is the same E.164 number.
    const digits = phone.replace(/\D/g, '');
    const second = await signUpAndVerify(phone, `+1 ${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`);
    expect(second.verified.body.user.subscription).toEqual({ plan: 'basic', trialNotice: NO_TRIAL_PHONE_USED });
    expect((await phoneVerifiedEvent(second.id)).data).toMatchObject({ userId: second.id, trialGranted: false });

    const me = await t.get('/api/auth/me', second.verified.body.token);
    expect(me.status).toBe(200);
    expect(me.body.subscription).toEqual({ plan: 'basic', trialNotice: NO_TRIAL_PHONE_USED });
    // The first account keeps its trial and hears nothing of the second.
    expect((await t.get('/api/auth/me', first.verified.body.token)).body.subscription).toEqual({ plan: 'trial' });
  });

  it('lets only one of two accounts verifying the same number at once have the trial', async () => {
    const phone = newSignup().cellPhone;
    const a = newSignup({ cellPhone: phone });
    const b = newSignup({ cellPhone: phone });
    const regA = await t.post('/api/auth/register', a);
    const codeA = t.lastCode(e164(phone));
    const regB = await t.post('/api/auth/register', b);
    const codeB = t.lastCode(e164(phone));
    const [va, vb] = await Promise.all([
      t.post('/api/auth/verify-phone', { email: a.email, code: codeA }, bearer(regA.body.token)),
      t.post('/api/auth/verify-phone', { email: b.email, code: codeB }, bearer(regB.body.token)),
    ]);
    expect([va.status, vb.status]).toEqual([200, 200]);
    const plans = [va.body.user.subscription.plan, vb.body.user.subscription.plan].sort();
    expect(plans).toEqual(['basic', 'trial']);
  });

  it('does not count a test account (promo code) against the number, nor withhold its plan', async () => {
    const phone = newSignup().cellPhone;
    await t.db
      .insertInto('promo_codes')
      .values({ code: 'TRIAL-TEST', marks_test_user: true })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const signup = newSignup({ cellPhone: phone, optionalCode: 'TRIAL-TEST' });
    const reg = await t.post('/api/auth/register', signup);
    const v = await t.post(
      '/api/auth/verify-phone',
      { email: signup.email, code: t.lastCode(e164(phone)) },
      bearer(reg.body.token),
    );
    expect(v.body.user.subscription.trialNotice).toBeUndefined();
    const after = await signUpAndVerify(phone);
    expect(after.verified.body.user.subscription).toEqual({ plan: 'trial' });
  });
});

describe('migration 0004_one_trial_per_phone', () => {
  it('runs over numbers already verified on several accounts, giving each number to its earliest account', async () => {
    const { '0004_one_trial_per_phone': _later, ...before } = migrations;
    const svc = await createTestService({ name: 'authm4', schema: 'auth', migrations: before });
    try {
      const db = svc.database.db as AuthTest['db'];
      const user = (n: number, phone: string, verified: boolean, created: string, isTestUser = false) => ({
        id: n.toString(16).padStart(24, '0'),
        email: `m${n}@example.com`,
        password_hash: 'x',
        phone,
        phone_verified: verified,
        is_test_user: isTestUser,
        created_at: new Date(created),
      });
      await db
        .insertInto('users')
        .values([
          user(1, '+15550001111', true, '2026-01-02T00:00:00Z'),
          user(2, '+15550001111', true, '2026-01-01T00:00:00Z'),
          user(3, '+15550001111', false, '2025-12-01T00:00:00Z'),
          user(4, '+15550002222', true, '2025-12-01T00:00:00Z', true),
          user(5, '+15550002222', true, '2026-01-03T00:00:00Z'),
        ])
        .execute();
      await migrate(svc.database, migrations);
      const claims = await db.selectFrom('trial_claims').select(['phone', 'user_id']).orderBy('phone').execute();
      expect(claims).toEqual([
        { phone: '+15550001111', user_id: user(2, '', true, '2026-01-01').id },
        { phone: '+15550002222', user_id: user(5, '', true, '2026-01-01').id },
      ]);
      // Accounts already on the trial keep it: the reason is only set at a new verification.
      const reasons = await db.selectFrom('users').select('no_trial_reason').execute();
      expect(reasons.every((r) => r.no_trial_reason === null)).toBe(true);
    } finally {
      await svc.cleanup();
    }
  });
});
