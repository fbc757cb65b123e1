import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTest, newSignup, startAuth } from './helpers';

requireInfra('DATABASE_URL');

/** Issue 11, point 2: sign-up cannot be used to buy texts in bulk. */
let t: AuthTest;
beforeAll(async () => {
  t = await startAuth({ env: { SMS_MAX_PER_IP_PER_HOUR: '3', SMS_MAX_PER_PREFIX_PER_HOUR: '2' } });
});
afterAll(async () => {
  await t?.close();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const TOO_MANY = 'Too many verification codes were requested. Please try again later.';

describe('SMS pumping guards', () => {
  it('limits codes sent per client address, whatever the numbers', async () => {
    const exchanges = ['201', '202', '203', '204'];
    const results = [];
    for (const x of exchanges)
      results.push(
        await t.post('/api/auth/register', newSignup({ cellPhone: `(555) ${x}-0001` }), from('203.0.113.10')),
      );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 429]);
    expect(results[3]!.body.error).toBe(TOO_MANY);
    expect(t.smsLines().filter((l) => l.to === '+15552040001')).toEqual([]);
    // Another address is not affected.
    expect(
      (await t.post('/api/auth/register', newSignup({ cellPhone: '(555) 204-0001' }), from('203.0.113.11'))).status,
    ).toBe(201);
  });

  it('limits codes sent per number prefix, across addresses', async () => {
    const statuses = [];
    for (let i = 1; i <= 3; i++)
      statuses.push(
        (await t.post('/api/auth/register', newSignup({ cellPhone: `(555) 301-000${i}` }), from(`198.51.100.${i}`)))
          .status,
      );
    expect(statuses).toEqual([201, 201, 429]);
    expect(
      (await t.post('/api/auth/register', newSignup({ cellPhone: '(555) 302-0001' }), from('198.51.100.9'))).status,
    ).toBe(201);
  });

  it('counts a sign-up with a taken e-mail like any other, so the limit does not tell them apart', async () => {
    const owner = newSignup({ cellPhone: '(555) 401-0001' });
    expect((await t.post('/api/auth/register', owner, from('192.0.2.1'))).status).toBe(201);
    const taken = [];
    for (let i = 2; i <= 4; i++)
      taken.push(
        (
          await t.post(
            '/api/auth/register',
            { ...newSignup({ cellPhone: `(555) 40${i}-0001` }), email: owner.email, password: 'not-the-owners' },
            from('192.0.2.1'),
          )
        ).status,
      );
    expect(taken).toEqual([201, 201, 429]);
  });

  it('refuses numbers outside the allowed calling codes before sending anything', async () => {
    const before = t.smsLines().length;
    const res = await t.post('/api/auth/register', newSignup({ cellPhone: '+44 20 7946 0958' }), from('192.0.2.50'));
    expect(res).toEqual({
      status: 400,
      body: { error: 'We can only send verification codes to phone numbers in the United States and Canada for now.' },
    });
    expect(t.smsLines()).toHaveLength(before);
  });
});
