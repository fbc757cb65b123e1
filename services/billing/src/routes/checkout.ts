import { CheckoutRequest, type CheckoutResponse, type PortalResponse } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { HttpError } from '@gnology/platform/http/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BillingContext } from '../app';
import { subscribeWithoutBilling } from '../domain/subscription';
import { currentAccount } from '../store/metering';
import { changeAccount } from '../store/subscriptions';

/** Where the browser goes after a billing-off checkout: same origin, the plan already applied. */
export const BILLING_OFF_RETURN = '/account?checkout=success&billing=off';

export const BILLING_OFF_PORTAL =
  'Plans are free to try on this server: nothing was charged, so there is no payment to manage. Plan changes apply at once.';

/** POST /api/billing/checkout and /api/billing/portal (bearer). */
export const checkoutRoutes: FastifyPluginAsync<{ ctx: BillingContext }> = async (base, { ctx }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx.deps.verifier);

  app.post('/api/billing/checkout', { preHandler: signedIn, schema: { body: CheckoutRequest } }, async (req): Promise<CheckoutResponse> => {
    const user = req.user!;
    const now = ctx.now();
    const interval = req.body.plan;
    if (!ctx.payments) {
      await ctx.db
        .transaction()
        .execute((trx) => changeAccount(trx, user.id, { now, requestId: req.id, extra: { email: user.email } }, (state) => subscribeWithoutBilling(state, interval, now)));
      req.log.info({ userId: user.id, interval }, 'billing off: Professional applied without charge');
      return { url: BILLING_OFF_RETURN, billingEnabled: false };
    }
    const row = await currentAccount(ctx.db, user.id, { now, email: user.email, name: user.name });
    if (row.plan === 'professional' && row.stripe_subscription_id) {
      throw new HttpError(409, 'You already subscribe to Professional. Manage your subscription from your account page.');
    }
    try {
      const url = await ctx.payments.checkoutUrl({ userId: user.id, email: user.email, customerId: row.stripe_customer_id, interval });
      return { url, billingEnabled: true };
    } catch (err) {
      req.log.error({ err }, 'stripe checkout session failed');
      // 503, not 502: the shell shows a 503's message, and the user can only try again later.
      throw new HttpError(503, 'The payment provider could not start checkout. Please try again in a moment.');
    }
  });

  app.post('/api/billing/portal', { preHandler: signedIn }, async (req): Promise<PortalResponse> => {
    const user = req.user!;
    if (!ctx.payments) throw new HttpError(409, BILLING_OFF_PORTAL, { billingEnabled: false });
    const row = await currentAccount(ctx.db, user.id, { now: ctx.now(), email: user.email, name: user.name });
    if (!row.stripe_customer_id) throw new HttpError(409, 'There is no subscription to manage yet. Choose a plan on the pricing page.');
    try {
      return { url: await ctx.payments.portalUrl(row.stripe_customer_id) };
    } catch (err) {
      req.log.error({ err }, 'stripe portal session failed');
      throw new HttpError(503, 'The payment provider could not open subscription management. Please try again in a moment.');
    }
  });
};
