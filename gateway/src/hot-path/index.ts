import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { GatewayDeps } from '../context';
import { registerEarlyAnswers } from './early-answers';
import { registerRateLimit } from './rate-limit';
import { registerSecurityHeaders } from './security-headers';
import { registerSessionCheck } from './session-check';
import { registerSlowClientLimits } from './slow-clients';

/**
 * The per-request work every answer goes through, as hooks on the root app (so they reach the
 * routes plugins and the SPA fallback alike), in order: security headers, CORS, body limits and the
 * session check, the rate limit, then what the proxy needs (slow bodies, early answers). A hook that
 * concerns one area only is that area's scoped plugin instead (routes/proxy.ts).
 * Registered before the routes: a plugin gets the hooks that exist when it is registered.
 */
export async function registerHotPath(app: FastifyInstance, deps: GatewayDeps): Promise<void> {
  await registerSecurityHeaders(app);
  const origins = deps.config.CORS_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (origins.length) await app.register(cors, { origin: origins, credentials: false });
  registerSessionCheck(app, deps);
  await registerRateLimit(app, deps);
  // A body that arrives too slowly is answered 408; one is read before the proxy takes a connection (decision 0210).
  registerSlowClientLimits(app, deps.config);
  // A service's answer given before the body has all arrived reaches the client (issue 14).
  registerEarlyAnswers(app);
}
