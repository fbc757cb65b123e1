import { randomUUID } from 'node:crypto';
import { startWorkers } from '@gnology/platform/jobs/registry';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSweepTimer, sweepJob } from '../src/jobs';
import { INTERNAL, type BillingHarness, account, startBilling } from './helpers';

requireInfra('DATABASE_URL');

let h: BillingHarness;
beforeAll(async () => {
  // Reservations expire at once and the sweep runs every 300 ms, on the queue the environment selects.
  h = await startBilling({ RESERVATION_TTL_MINUTES: '0', BILLING_SWEEP_INTERVAL_MS: '300' });
});
afterAll(async () => {
  await h?.close();
});

it('closes a dead request’s reservation through the worker role’s scheduled sweep, charging what it held', async () => {
  const deps = { ...h.svc, config: h.config };
  const workers = await startWorkers(deps.queue, [sweepJob(deps)]);
  const timer = startSweepTimer(deps);
  try {
    const userId = `u${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const requestId = randomUUID();
    const res = await h.app.inject({
      method: 'POST',
      url: '/internal/reservations',
      headers: INTERNAL,
      payload: { userId, requestId, estimatedTokens: 7000 },
    });
    expect(res.statusCode).toBe(200);
    let status = 'held';
    for (let i = 0; i < 100 && status === 'held'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (
        await h.db
          .selectFrom('reservations')
          .select('status')
          .where('request_id', '=', requestId)
          .executeTakeFirstOrThrow()
      ).status;
    }
    expect(status).toBe('expired');
    expect(await account(h.db, userId)).toMatchObject({ held: 0, used: 7000, balance: 43_000 });
  } finally {
    clearInterval(timer);
    await workers.close();
  }
});
