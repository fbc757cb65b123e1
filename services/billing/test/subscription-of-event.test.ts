import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { subscriptionIdOf } from '../src/payments/subscription-of-event';

/** Only the fields subscriptionIdOf reads; Stripe's full objects are far larger. */
const event = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', type, data: { object } }) as unknown as Stripe.Event;

describe('the subscription a Stripe event is about', () => {
  it('reads a subscription checkout’s subscription, as an id or an expanded object', () => {
    expect(subscriptionIdOf(event('checkout.session.completed', { mode: 'subscription', subscription: 'sub_1' }))).toBe(
      'sub_1',
    );
    expect(
      subscriptionIdOf(event('checkout.session.completed', { mode: 'subscription', subscription: { id: 'sub_2' } })),
    ).toBe('sub_2');
  });

  it('has none for a one-off payment checkout', () => {
    expect(subscriptionIdOf(event('checkout.session.completed', { mode: 'payment', subscription: null }))).toBeNull();
  });

  it('reads a paid invoice’s subscription from its parent, and none when the invoice has no subscription', () => {
    expect(
      subscriptionIdOf(event('invoice.paid', { parent: { subscription_details: { subscription: 'sub_3' } } })),
    ).toBe('sub_3');
    expect(subscriptionIdOf(event('invoice.paid', { parent: null }))).toBeNull();
  });

  it('takes a subscription event’s own id, and ignores other event types', () => {
    for (const type of [
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]) {
      expect(subscriptionIdOf(event(type, { id: 'sub_4' }))).toBe('sub_4');
    }
    expect(subscriptionIdOf(event('customer.created', { id: 'cus_1' }))).toBeNull();
  });
});
