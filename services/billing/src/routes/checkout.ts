import { CheckoutRequest, CheckoutResponse, PortalResponse } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BillingDeps } from '../context';
import { openPortal } from '../use-cases/open-portal';
import { subscribe } from '../use-cases/subscribe';

/** POST /api/billing/checkout and /api/billing/portal (bearer). */
export const checkoutRoutes: FastifyPluginAsync<{ deps: BillingDeps }> = async (base, { deps }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(deps.verifier);

  app.post(
    '/api/billing/checkout',
    { preHandler: signedIn, schema: { body: CheckoutRequest, response: { 200: CheckoutResponse } } },
    async (req): Promise<CheckoutResponse> => subscribe(deps, req.user!, req.body.plan, req.id),
  );

  app.post(
    '/api/billing/portal',
    { preHandler: signedIn, schema: { response: { 200: PortalResponse } } },
    async (req): Promise<PortalResponse> => openPortal(deps, req.user!, req.id),
  );
};
