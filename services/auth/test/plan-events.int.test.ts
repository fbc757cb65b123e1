import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_CHANGED } from '@gnology/contracts';
import { buildEvent } from '@gnology/platform/events/outbox';
import { TOPICS } from '@gnology/platform/events/topics';
import type { Subscription } from '@gnology/platform/events/types';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConsumers } from '../src/events';
import { type AuthTest, startAuth, verifiedUser } from './helpers';

requireInfra('DATABASE_URL');

let t: AuthTest;
let subscriptions: Subscription[] = [];
beforeAll(async () => {
  t = await startAuth();
  subscriptions = await Promise.all(authConsumers({ ...t.svc, config: t.config }).map((s) => t.svc.bus.subscribe(s)));
});
afterAll(async () => {
  for (const s of subscriptions) await s.close();
  await t?.close();
});

function planChanged(userId: string, plan: string, time: Date, id = randomUUID()) {
  return buildEvent({
    id,
    topic: TOPICS.billing,
    key: userId,
    type: SUBSCRIPTION_CHANGED,
    source: '/services/billing',
    time,
    data: { userId, plan, previousPlan: 'trial', reason: 'checkout' },
  });
}

async function planOf(token: string): Promise<string> {
  return (await t.get('/api/auth/me', token)).body.subscription.plan;
}

async function eventually(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('subscription.changed events from billing', () => {
  it('set the plan /api/auth/me reports, once per event, and an older event never overwrites a newer one', async () => {
    const u = await verifiedUser(t);
    const now = Date.now();
    const upgrade = planChanged(u.id, 'professional', new Date(now));
    await t.svc.bus.publish([{ topic: TOPICS.billing, key: u.id, event: upgrade }]);
    await eventually(async () => (await planOf(u.token)) === 'professional', 'the professional plan');

    // A stale event (billing's earlier change, delivered late) and a redelivery are both ignored.
    const stale = planChanged(u.id, 'basic', new Date(now - 60_000));
    await t.svc.bus.publish([
      { topic: TOPICS.billing, key: u.id, event: stale },
      { topic: TOPICS.billing, key: u.id, event: upgrade },
    ]);
    await eventually(async () => {
      const handled = await t.db
        .selectFrom('inbox')
        .select('event_id')
        .where('event_id', '=', stale.id)
        .executeTakeFirst();
      return Boolean(handled);
    }, 'the stale event to be handled');
    expect(await planOf(u.token)).toBe('professional');
    const inbox = await t.db
      .selectFrom('inbox')
      .select('event_id')
      .where('consumer', '=', 'auth.subscription-plan')
      .execute();
    expect(inbox.filter((r) => r.event_id === upgrade.id)).toHaveLength(1);

    const later = planChanged(u.id, 'some-future-plan', new Date(now + 1000));
    await t.svc.bus.publish([{ topic: TOPICS.billing, key: u.id, event: later }]);
    await eventually(
      async () => (await planOf(u.token)) === 'some-future-plan',
      'an unknown plan name to be kept as is',
    );
  });
});
