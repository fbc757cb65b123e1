import type { PortalResponse } from '@gnology/contracts';
import { HttpError } from '@gnology/platform/http/errors';
import type { BillingDeps } from '../context';
import { currentAccount } from './current-account';
import type { Subscriber } from './subscribe';

export const BILLING_OFF_PORTAL =
  'Plans are free to try on this server: nothing was charged, so there is no payment to manage. Plan changes apply at once.';

/** Stripe's customer portal for the user's subscription (billing on, and a customer to manage). */
export async function openPortal(deps: BillingDeps, user: Subscriber, requestId: string): Promise<PortalResponse> {
  if (!deps.payments) throw new HttpError(409, BILLING_OFF_PORTAL, { billingEnabled: false });
  const row = await currentAccount(deps.db, user.id, { now: deps.now(), email: user.email, name: user.name });
  if (!row.stripe_customer_id)
    throw new HttpError(409, 'There is no subscription to manage yet. Choose a plan on the pricing page.');
  try {
    return { url: await deps.payments.portalUrl(row.stripe_customer_id) };
  } catch (err) {
    deps.logger.error({ err, requestId }, 'stripe portal session failed');
    throw new HttpError(
      503,
      'The payment provider could not open subscription management. Please try again in a moment.',
    );
  }
}
