import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayDeps } from '../context';

/**
 * A password change that went through here drops the user's cached token version and access-token
 * answers at once (decision 0212). Registered in the change-password area's own scope
 * (routes/proxy.ts), so no other request runs its hook. A plugin without encapsulation of its own
 * (fastify-plugin): its hook belongs to the area it is registered in.
 */
export const forgetTokensOnPasswordChange = fp(
  async (app: FastifyInstance, { deps }: { deps: Pick<GatewayDeps, 'onPasswordChanged'> }) => {
    const onPasswordChanged = deps.onPasswordChanged;
    if (!onPasswordChanged) return;
    app.addHook('onResponse', async (req, reply) => {
      if (req.user && reply.statusCode === 200 && req.method === 'POST') onPasswordChanged(req.user.id);
    });
  },
);
