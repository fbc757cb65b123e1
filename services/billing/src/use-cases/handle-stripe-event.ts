import type Stripe from 'stripe';
import type { BillingDeps } from '../context';
import { applySubscription, isLive, type SubscriptionFacts } from '../domain/subscription';
import type { Payments } from '../payments/stripe';
import { subscriptionFacts } from '../payments/stripe';
import { subscriptionIdOf } from '../payments/subscription-of-event';
import { findUserByStripeIds, recordStripeEvent, stripeEventSeen } from '../store/subscriptions';
import { changeAccount } from './account-change';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown-account';

/**
 * Applies one verified Stripe event. Rather than trusting the event's snapshot, it re-reads the
 * subscription from Stripe and applies what is true now, so events arriving late, out of order
 * or twice converge on the same account. The event id is recorded in the same transaction as
 * the change: a replay finds it and changes nothing; a failure records nothing and Stripe retries.
 */
export async function handleStripeEvent(
  deps: BillingDeps & { payments: Payments },
  event: Stripe.Event,
  requestId: string,
): Promise<EventOutcome> {
  const { db, payments } = deps;
  if (await stripeEventSeen(db, event.id)) return 'duplicate';
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) {
    const recorded = await db.transaction().execute((trx) => recordStripeEvent(trx, event.id, event.type));
    return recorded ? 'ignored' : 'duplicate';
  }

  let facts: SubscriptionFacts;
  try {
    facts = await payments.subscription(subscriptionId);
  } catch (err) {
    // A deleted subscription Stripe no longer returns: the event's own snapshot is the last word.
    if (event.type !== 'customer.subscription.deleted') throw err;
    facts = subscriptionFacts(event.data.object as Stripe.Subscription);
  }
  const session = event.type === 'checkout.session.completed' ? event.data.object : null;
  const customerId = facts.customerId ?? (typeof session?.customer === 'string' ? session.customer : null);
  const userId =
    facts.userId ?? session?.client_reference_id ?? (await findUserByStripeIds(db, subscriptionId, customerId));

  return db.transaction().execute(async (trx) => {
    if (!(await recordStripeEvent(trx, event.id, event.type))) return 'duplicate';
    if (!userId) {
      deps.logger.warn(
        { stripeEvent: event.id, subscriptionId },
        'stripe event for a subscription of no known account',
      );
      return 'unknown-account';
    }
    const now = deps.now();
    let stale = false;
    await changeAccount(trx, userId, { now, requestId, billOverage: true }, (state, row) => {
      // An old subscription ending must not end the one the account has now.
      if (!isLive(facts) && row.stripe_subscription_id && row.stripe_subscription_id !== facts.subscriptionId) {
        stale = true;
        return null;
      }
      const change = applySubscription(state, facts, now);
      const live = isLive(facts);
      const extra = {
        stripe_customer_id: customerId ?? row.stripe_customer_id,
        stripe_subscription_id: live
          ? facts.subscriptionId
          : change?.next.plan === 'basic'
            ? null
            : row.stripe_subscription_id,
      };
      return { ...(change ?? { next: state, entries: [] }), extra };
    });
    return stale ? 'ignored' : 'applied';
  });
}
