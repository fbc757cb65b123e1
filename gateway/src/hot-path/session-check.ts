import { bearerToken, requireUser } from '@gnology/platform/auth/require-user';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { PAT_READ_ONLY, accessTokenMayReach, isAccessToken } from '../clients/access-tokens';
import type { GatewayDeps } from '../context';
import { BODY_LIMIT, uploadOf, isFilePath, isPublicPath, pathOf } from '../routes-table';

/**
 * A request made with a personal access token goes on to its service with the short session auth
 * exchanged it for, and the time its file links must expire by (decision 0212).
 */
const exchangedSessions = new WeakMap<object, { sessionToken: string; linksUntil: number }>();

/** The session a personal access token was exchanged for, if this request came with one. */
export function exchangedSession(req: object): { sessionToken: string; linksUntil: number } | undefined {
  return exchangedSessions.get(req);
}

/**
 * Before anything is read or proxied: the body limits, then the session (or access token) of every
 * /api path that is not public. The proxy streams bodies, so Fastify's own bodyLimit never sees
 * them; the declared length is what we can check. A hook with a callback (security-headers.ts says
 * why): a public path or one outside /api goes on at once, a token once it is verified; an answer
 * given here (413, 401, 403) ends the request, so `done` is not called after it.
 */
export function registerSessionCheck(app: FastifyInstance, deps: Pick<GatewayDeps, 'verifier' | 'accessTokens'>): void {
  const authenticate = requireUser(deps.verifier, { allowUnverified: true });
  // Unverified accounts pass here; each service answers them 403 where it must.
  const checkSession = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    // A refusal resolves once its answer is out (it returns the reply, which Fastify awaits).
    authenticate(req, reply).then(() => {
      if (!reply.sent) done();
    }, done);
  };
  const checkAccessToken = (req: FastifyRequest, bearer: string, done: HookHandlerDoneFunction) => {
    deps.accessTokens.verify(bearer).then(({ user, sessionToken, linksUntil }) => {
      req.user = user;
      exchangedSessions.set(req, { sessionToken, linksUntil });
      done();
    }, done);
  };
  app.addHook('onRequest', (req, reply, done) => {
    const p = pathOf(req);
    if (!p.startsWith('/api/')) return done();
    const upload = uploadOf(p);
    const limit = upload?.limit ?? BODY_LIMIT;
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > limit) {
      reply
        .status(413)
        .header('connection', 'close')
        .send({ error: upload?.message ?? 'Request body too large (limit 1 MB).' });
      return;
    }
    if (isPublicPath(p) && !(isFilePath(p) && req.headers.authorization)) return done();
    const bearer = bearerToken(req);
    if (!isAccessToken(bearer)) return checkSession(req, reply, done);
    if (!accessTokenMayReach(req.method, p)) {
      reply.status(403).send({ error: PAT_READ_ONLY });
      return;
    }
    checkAccessToken(req, bearer, done);
  });
}
