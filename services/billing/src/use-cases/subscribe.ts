import type { CheckoutResponse } from '@gnology/contracts';
import { HttpError } from '@gnology/platform/http/errors';
import type { BillingDeps } from '../context';
import type { BillingInterval } from '../domain/account';
import { subscribeWithoutBilling } from '../domain/subscription';
import { changeAccount } from './account-change';
import { currentAccount } from './current-account';

/** Where the browser goes after a billing-off checkout: same origin, the plan already applied. */
export const BILLING_OFF_RETURN = '/account?checkout=success&billing=off';

export interface Subscriber {
  id: string;
  email: string;
  name?: string;
}

/**
 * A user chooses Professional. Billing off: the plan applies at once, free. Billing on: a Stripe
 * Checkout session, unless the account already has a subscription.
 */
export async function subscribe(
  deps: BillingDeps,
  user: Subscriber,
  interval: BillingInterval,
  requestId: string,
): Promise<CheckoutResponse> {
  const now = deps.now();
  if (!deps.payments) {
    await deps.db
      .transaction()
      .execute((trx) =>
        changeAccount(trx, user.id, { now, requestId, extra: { email: user.email } }, (state) =>
          subscribeWithoutBilling(state, interval, now),
        ),
      );
    deps.logger.info({ userId: user.id, interval, requestId }, 'billing off: Professional applied without charge');
    return { url: BILLING_OFF_RETURN, billingEnabled: false };
  }
  const row = await currentAccount(deps.db, user.id, { now, email: user.email, name: user.name });
  if (row.plan === 'professional' && row.stripe_subscription_id) {
    throw new HttpError(409, 'You already subscribe to Professional. Manage your subscription from your account page.');
  }
  try {
    const url = await deps.payments.checkoutUrl({
      userId: user.id,
      email: user.email,
      customerId: row.stripe_customer_id,
      interval,
    });
    return { url, billingEnabled: true };
  } catch (err) {
    deps.logger.error({ err, requestId }, 'stripe checkout session failed');
    // 503, not 502: the shell shows a 503's message, and the user can only try again later.
    throw new HttpError(503, 'The payment provider could not start checkout. Please try again in a moment.');
  }
}
