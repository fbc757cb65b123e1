import { HttpError } from '@gnology/platform/http/errors';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import type { BillingDeps } from '../context';
import { handleStripeEvent } from '../use-cases/handle-stripe-event';

/**
 * POST /api/billing/webhook: Stripe's events. The signature covers the exact bytes sent, so
 * this plugin's JSON parser keeps the raw Buffer (scoped to this plugin: other routes still
 * get parsed JSON). Public at the gateway; the signature is the authentication.
 */
export const webhookRoutes: FastifyPluginAsync<{ deps: BillingDeps }> = async (app, { deps }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post('/api/billing/webhook', async (req) => {
    const payments = deps.payments;
    if (!payments)
      throw new HttpError(404, 'Billing is off on this server: there is no payment provider to receive events from.');
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(req.body))
      throw new HttpError(400, 'Missing Stripe signature or body.');
    let event: Stripe.Event;
    try {
      event = payments.stripe.webhooks.constructEvent(req.body, signature, payments.webhookSecret);
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'stripe webhook refused: bad signature');
      throw new HttpError(400, 'Invalid Stripe signature.');
    }
    const outcome = await handleStripeEvent({ ...deps, payments }, event, req.id);
    req.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe event');
    return { received: true, outcome };
  });
};
