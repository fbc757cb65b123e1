import { type FakeStripe, startFakeStripe } from '@gnology/testing/fakes/stripe';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  lastSmsCode,
  newPage,
  openBrowser,
  screenshot,
  type Stack,
  signInWithToken,
  startStack,
} from './harness';

/**
 * The built product with Stripe on, against the fake Stripe API on loopback: the gateway must
 * hand the webhook's exact bytes to billing (the signature covers them), and the browser must
 * leave for the hosted checkout page.
 */
let stripe: FakeStripe;
let stack: Stack;
let browser: Browser;

// startStack points process.env at the stack's fresh database; put it back for the next file in this worker.
const STACK_ENV = [
  'DATABASE_URL',
  'DATA_DIR',
  'PORT',
  'SERVICE_PORT_BASE',
  'LOG_LEVEL',
  'NODE_ENV',
  'QUEUE_PREFIX',
] as const;
const envBefore = Object.fromEntries(STACK_ENV.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  stripe = await startFakeStripe();
  Object.assign(process.env, stripe.env);
  stack = await startStack();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  for (const [k, v] of Object.entries(envBefore)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await stripe?.close();
  for (const key of Object.keys(stripe?.env ?? {})) delete process.env[key];
});

async function webhook(delivery: { payload: string; signature: string }) {
  const res = await fetch(`${stack.url}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    body: delivery.payload,
  });
  return { status: res.status, body: await res.json() };
}

async function usage(token: string) {
  const res = await fetch(`${stack.url}/api/users/token-usage`, { headers: { authorization: `Bearer ${token}` } });
  return res.json();
}

describe('Stripe on, through the gateway', () => {
  it('verifies webhooks on the exact bytes: forged refused, genuine applied, replay ignored', async () => {
    const user = await createVerifiedUser(stack);
    const checkout = await fetch(`${stack.url}/api/billing/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ plan: 'yearly' }),
    });
    const { url } = await checkout.json();
    const session = stripe.checkoutSessions.at(-1)!;
    expect(url).toBe(`${stripe.url}/checkout/${session.id}`);
    const { session: completed } = stripe.completeCheckout(session.id);

    const forged = stripe.signedEvent('checkout.session.completed', completed, { secret: 'whsec_forged' });
    expect(await webhook(forged)).toEqual({ status: 400, body: { error: 'Invalid Stripe signature.' } });
    expect((await usage(user.token)).plan).toBe('trial');

    const genuine = stripe.signedEvent('checkout.session.completed', completed);
    expect(await webhook(genuine)).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await usage(user.token)).toMatchObject({
      plan: 'professional',
      billingInterval: 'yearly',
      billingEnabled: true,
    });
    expect(await webhook(genuine)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
  });

  it('sends the browser from registration with ?plan=yearly to the hosted checkout page', async () => {
    const local = `${Date.now() % 10_000_000}`.padStart(7, '0');
    const { context, page } = await newPage(browser, stack);
    await page.goto('/register?plan=yearly');
    await page.getByLabel('Name').fill('Tobias Wren');
    await page.getByLabel('Email').fill(`tobias.${Date.now().toString(36)}@example.com`);
    await page.getByLabel('Phone Number').fill(`555${local}`);
    await page.getByLabel('Password').fill('archive-reading-room');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    const code = page.getByLabel('Verification Code');
    await code.waitFor();
    await code.fill(lastSmsCode(stack, `+1555${local}`));
    await page.getByRole('button', { name: 'Verify Phone Number' }).click();
    await page.waitForURL(`${stripe.url}/checkout/**`, { timeout: 60_000 });
    const session = stripe.checkoutSessions.at(-1)!;
    expect(page.url()).toBe(`${stripe.url}/checkout/${session.id}`);
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form).toMatchObject({
      line_items: [{ price: stripe.prices.yearly, quantity: '1' }, { price: stripe.prices.overage }],
    });
    await context.close();
  });

  it('shows no billing-off notice, and Manage subscription opens the billing portal', async () => {
    const user = await createVerifiedUser(stack);
    const res = await fetch(`${stack.url}/api/billing/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ plan: 'monthly' }),
    });
    expect(res.status).toBe(200);
    const { session } = stripe.completeCheckout(stripe.checkoutSessions.at(-1)!.id);
    expect((await webhook(stripe.signedEvent('checkout.session.completed', session))).status).toBe(200);

    const { context, page } = await newPage(browser, stack);
    await page.goto('/pricing');
    await page.getByRole('article', { name: 'Professional' }).waitFor();
    expect(await page.getByText(/free to try on this server/).count()).toBe(0);

    await signInWithToken(context, user.token);
    await page.goto('/account?checkout=success&session_id=cs_x');
    const panel = page.getByRole('region', { name: 'Token Usage' });
    await panel.getByText('Thank you. Your Professional subscription is active.').waitFor();
    await screenshot(page, 'billing-stripe-account-1280');
    await panel.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL(`${stripe.url}/portal/**`);
    await context.close();
  });
});
