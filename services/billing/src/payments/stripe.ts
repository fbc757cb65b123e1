import Stripe from 'stripe';
import type { BillingInterval } from '../domain/account';
import type { SubscriptionFacts } from '../domain/subscription';
import type { BillingConfig } from '../config';

/**
 * The payment provider behind one small surface. Null when STRIPE_SECRET_KEY is unset:
 * billing is off, plan changes apply at once and nothing is charged.
 */
export interface Payments {
  stripe: Stripe;
  webhookSecret: string;
  checkoutUrl(input: {
    userId: string;
    email: string;
    customerId: string | null;
    interval: BillingInterval;
  }): Promise<string>;
  portalUrl(customerId: string): Promise<string>;
  subscription(id: string): Promise<SubscriptionFacts>;
  reportOverage(input: { customerId: string; tokens: number; identifier: string; at: Date }): Promise<void>;
}

export function createPayments(config: BillingConfig): Payments | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const missing = (['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_YEARLY'] as const).filter(
    (k) => !config[k],
  );
  if (missing.length)
    throw new Error(`config error: STRIPE_SECRET_KEY is set, so ${missing.join(', ')} must be set too`);
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...apiBase(config.STRIPE_API_BASE),
  });
  const appUrl = config.APP_URL.replace(/\/$/, '');
  const prices: Record<BillingInterval, string> = {
    monthly: config.STRIPE_PRICE_MONTHLY!,
    yearly: config.STRIPE_PRICE_YEARLY!,
  };

  return {
    stripe,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
    async checkoutUrl({ userId, email, customerId, interval }) {
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [{ price: prices[interval], quantity: 1 }];
      // A metered price has no quantity: Stripe bills what the meter events add up to.
      if (config.STRIPE_PRICE_OVERAGE) lineItems.push({ price: config.STRIPE_PRICE_OVERAGE });
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: lineItems,
        client_reference_id: userId,
        ...(customerId ? { customer: customerId } : { customer_email: email }),
        // The subscription carries the account id, so every later webhook finds its account.
        subscription_data: { metadata: { userId } },
        metadata: { userId, interval },
        success_url: `${appUrl}/account?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${appUrl}/pricing?checkout=cancelled`,
      });
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return session.url;
    },
    async portalUrl(customerId) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: `${appUrl}/account`,
      });
      return session.url;
    },
    async subscription(id) {
      return subscriptionFacts(await stripe.subscriptions.retrieve(id));
    },
    async reportOverage({ customerId, tokens, identifier, at }) {
      await stripe.billing.meterEvents.create({
        event_name: config.STRIPE_METER_EVENT_NAME,
        payload: { stripe_customer_id: customerId, value: String(tokens) },
        // Stripe ignores a second event with the same identifier: a retried report is not billed twice.
        identifier,
        timestamp: Math.floor(at.getTime() / 1000),
      });
    },
  };
}

/** STRIPE_API_BASE (a fake on loopback in tests) as the SDK's host, port and protocol. */
function apiBase(base: string | undefined): Partial<Stripe.StripeConfig> {
  if (!base) return {};
  const u = new URL(base);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Since API version 2025-03-31 the billing period lives on the subscription's items. */
export function subscriptionFacts(sub: Stripe.Subscription): SubscriptionFacts {
  const item = sub.items.data[0];
  if (!item) throw new Error(`subscription ${sub.id} has no items`);
  const recurring =
    sub.items.data.map((i) => i.price.recurring).find((r) => r && r.usage_type !== 'metered') ?? item.price.recurring;
  return {
    subscriptionId: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : (sub.customer?.id ?? null),
    userId: sub.metadata?.userId || null,
    status: sub.status,
    interval: recurring?.interval === 'year' ? 'yearly' : 'monthly',
    paidFrom: new Date(item.current_period_start * 1000),
    paidUntil: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    endedAt: sub.ended_at ? new Date(sub.ended_at * 1000) : null,
  };
}
