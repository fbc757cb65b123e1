import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type BillingHarness, startBilling } from './helpers';

requireInfra('DATABASE_URL');

/** Issue 11, point 7: billing off in production would let checkout grant Professional for free. */
let h: BillingHarness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => {
  await h?.close();
});

describe('billing in production', () => {
  it('refuses to start with billing off unless ALLOW_EMBEDDED_DEFAULTS says so', async () => {
    const production = { ...h.config, NODE_ENV: 'production' as const, ALLOW_EMBEDDED_DEFAULTS: false };
    await expect(buildApp({ ...h.svc, config: production })).rejects.toThrow(
      /refusing to start with NODE_ENV=production: billing is off/,
    );
    const allowed = await buildApp({ ...h.svc, config: { ...production, ALLOW_EMBEDDED_DEFAULTS: true } });
    expect((await allowed.inject('/api/billing/plans')).json().billingEnabled).toBe(false);
    await allowed.close();
  });
});
