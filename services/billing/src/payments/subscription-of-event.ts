import type Stripe from 'stripe';

/** The subscription a Stripe event is about, if any. */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  const ref = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return session.mode === 'subscription' ? ref(session.subscription) : null;
    }
    case 'invoice.paid':
      return ref(event.data.object.parent?.subscription_details?.subscription);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object.id;
    default:
      return null;
  }
}
