import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from './claims';
import { TokenError, type TokenVerifier } from './token-verifier';

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
}

export const UNVERIFIED_MESSAGE = 'Please verify your phone number to continue.';

/** Reads a bearer token from the Authorization header (or `?token=` where a route allows it). */
export function bearerToken(req: FastifyRequest, allowQuery = false): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  if (allowQuery) {
    const q = (req.query as Record<string, unknown> | undefined)?.token;
    if (typeof q === 'string' && q) return q;
  }
  return undefined;
}

/**
 * A preHandler that admits only signed-in, phone-verified users. Services run it themselves:
 * the network between gateway and service is not trusted.
 */
export function requireUser(
  verifier: TokenVerifier,
  opts: { allowUnverified?: boolean; allowQueryToken?: boolean } = {},
) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(req, opts.allowQueryToken);
    if (!token) return reply.status(401).send({ error: 'Authentication required' });
    try {
      req.user = await verifier.verify(token);
    } catch (e) {
      // Not a verdict on the token (e.g. revocation cannot be checked right now): the error's own status.
      if (!(e instanceof TokenError)) throw e;
      const expired = e.expired;
      return reply
        .status(401)
        .send({ error: expired ? 'Session expired. Please log in again.' : 'Invalid session token', expired });
    }
    if (!req.user.verified && !opts.allowUnverified) {
      return reply.status(403).send({ error: UNVERIFIED_MESSAGE, needsVerification: true });
    }
  };
}
