import { randomUUID } from 'node:crypto';
import { USER_PHONE_VERIFIED, USER_REGISTERED } from '@gnology/contracts';
import { TOPICS } from '@gnology/platform/events/topics';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingConsumers } from '../src/events';
import { type BillingHarness, account, ledgerSum, startBilling } from './helpers';

requireInfra('DATABASE_URL');

let h: BillingHarness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => {
  await h?.close();
});

const newUser = () => `u${randomUUID().replace(/-/g, '').slice(0, 23)}`;
const authEvent = (type: string, data: Record<string, unknown>) => ({
  specversion: '1.0' as const,
  id: randomUUID(),
  type,
  source: '/services/auth',
  time: new Date().toISOString(),
  datacontenttype: 'application/json' as const,
  data,
});

/** Hands an auth event to billing's consumer of the auth topic, as the bus would. */
async function deliver(event: ReturnType<typeof authEvent>) {
  const consumer = billingConsumers({ ...h.svc, config: h.config }).find((c) => c.topics.includes(TOPICS.auth))!;
  await consumer.handler(event, { topic: TOPICS.auth, key: String(event.data.userId) });
}

async function registerAndVerify(userId: string, trialGranted: boolean) {
  const now = new Date().toISOString();
  await deliver(
    authEvent(USER_REGISTERED, {
      userId,
      email: `${userId}@example.com`,
      name: null,
      plan: 'trial',
      isTestUser: false,
      promoCode: null,
      registeredAt: now,
    }),
  );
  const verified = authEvent(USER_PHONE_VERIFIED, { userId, verifiedAt: now, trialGranted });
  await deliver(verified);
  return verified;
}

describe('user.phone-verified without the trial (issue 29, point 4)', () => {
  it('takes the trial tokens back from an account whose number already had a trial, and tells auth', async () => {
    const u = newUser();
    const verified = await registerAndVerify(u, false);
    expect(await account(h.db, u)).toMatchObject({ plan: 'basic', allowance: 0, balance: 0 });
    expect(await ledgerSum(h.db, u)).toBe(0);
    const events = (await h.db.selectFrom('outbox').select('payload').where('key', '=', u).execute()).map(
      (r) => (r.payload as { data: unknown }).data,
    );
    expect(events).toEqual([{ userId: u, plan: 'basic', previousPlan: 'trial', reason: 'trial-already-used' }]);

    // A redelivery changes nothing.
    await deliver(verified);
    expect((await h.db.selectFrom('outbox').select('id').where('key', '=', u).execute()).length).toBe(1);
  });

  it("leaves the trial of the number's first account alone", async () => {
    const u = newUser();
    await registerAndVerify(u, true);
    expect(await account(h.db, u)).toMatchObject({ plan: 'trial', allowance: 50_000, balance: 50_000 });
  });
});
