import { startFakeTwilio, type FakeTwilio } from '@gnology/testing/fakes/twilio';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTest, bearer, e164, newSignup, startAuth } from './helpers';

requireInfra('DATABASE_URL');

let fake: FakeTwilio;
let t: AuthTest;
beforeAll(async () => {
  fake = await startFakeTwilio();
  t = await startAuth({
    env: {
      TWILIO_ACCOUNT_SID: fake.accountSid,
      TWILIO_AUTH_TOKEN: fake.authToken,
      TWILIO_VERIFY_SERVICE_SID: fake.serviceSid,
      TWILIO_VERIFY_BASE_URL: fake.url,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('Twilio Verify provider (real twilio SDK against a loopback fake)', () => {
  it('starts a Verify SMS at sign-up, stores no code itself, and approves the code Twilio sent', async () => {
    const signup = newSignup();
    const phone = e164(signup.cellPhone);
    const reg = await t.post('/api/auth/register', signup);
    expect(reg.status).toBe(201);
    expect(fake.requests.at(-1)).toEqual({
      method: 'POST',
      path: `/v2/Services/${fake.serviceSid}/Verifications`,
      form: { To: phone, Channel: 'sms' },
    });
    const pending = await t.db.selectFrom('phone_verifications').select('code_hash').executeTakeFirstOrThrow();
    expect(pending.code_hash).toBeNull();
    expect(t.smsLines()).toEqual([]);

    const res = await t.post(
      '/api/auth/verify-phone',
      { email: signup.email, code: fake.lastCode(phone) },
      bearer(reg.body.token),
    );
    expect(res).toMatchObject({ status: 200, body: { success: true, user: { phoneVerified: true } } });
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v2/Services/${fake.serviceSid}/VerificationCheck`,
      form: { To: phone, Code: fake.lastCode(phone) },
    });
  });

  it('counts wrong codes the same way as with local codes', async () => {
    const signup = newSignup();
    const phone = e164(signup.cellPhone);
    const reg = await t.post('/api/auth/register', signup);
    const wrong = fake.lastCode(phone) === '000000' ? '111111' : '000000';
    const res = await t.post('/api/auth/verify-phone', { email: signup.email, code: wrong }, bearer(reg.body.token));
    expect(res).toMatchObject({ status: 400, body: { error: 'Incorrect verification code. 4 attempts left.' } });
  });

  it('treats a verification Twilio no longer knows as expired', async () => {
    const signup = newSignup();
    const phone = e164(signup.cellPhone);
    const reg = await t.post('/api/auth/register', signup);
    const code = fake.lastCode(phone);
    // Twilio forgets a verification once it is approved; our pending row is still there.
    await fetch(`${fake.url}/v2/Services/${fake.serviceSid}/VerificationCheck`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: phone, Code: code }),
    });
    const res = await t.post('/api/auth/verify-phone', { email: signup.email, code }, bearer(reg.body.token));
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'This verification code has expired. Please request a new code.' },
    });
  });

  it('refuses a number Twilio cannot send to with a clear error, creating nothing', async () => {
    const signup = newSignup();
    fake.rejectNumber(e164(signup.cellPhone));
    const res = await t.post('/api/auth/register', signup);
    expect(res).toEqual({
      status: 400,
      body: { error: 'We could not send a code to this phone number. Please check it and try again.' },
    });
    const row = await t.db.selectFrom('users').select('id').where('email', '=', signup.email).executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
