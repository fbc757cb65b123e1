import {
  AccessTokenList,
  CreateAccessTokenBody,
  CreatedAccessToken,
  MAX_LIVE_ACCESS_TOKENS,
  VerifyAccessTokenBody,
  type VerifiedAccessToken,
} from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { conflict, notFound, unauthorized } from '@gnology/platform/http/errors';
import { requireInternal } from '@gnology/platform/http/internal';
import { OBJECT_ID, newObjectId } from '@gnology/platform/ids';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../app';
import { hashAccessToken, newAccessTokenSecret, toPublicAccessToken, visiblePrefix } from '../domain/access-token';
import { countLiveAccessTokensLocked, findLiveAccessToken, insertAccessToken, listAccessTokens, revokeAccessToken, touchAccessToken } from '../store/access-tokens';
import { parseBody } from './parse';

export const TOO_MANY_ACCESS_TOKENS = `You already have ${MAX_LIVE_ACCESS_TOKENS} access tokens. Revoke one you no longer use to create another.`;
/**
 * The session a verified access token is exchanged for: the gateway caches it at most 30 s,
 * so five minutes always covers the cache and a slow request behind it.
 */
const EXCHANGED_SESSION_TTL = '5m';

/** Account → Integrations (issue 18): the signed-in user's personal access tokens, and the gateway's check of one. */
export function accessTokenRoutes(app: FastifyInstance, ctx: AuthContext) {
  const auth = requireUser(ctx.tokens.verifier);

  // Response schemas describe the routes in the OpenAPI document; bodies go through parseBody for plain-sentence errors.
  app.get('/api/auth/access-tokens', { preHandler: auth, schema: { response: { 200: AccessTokenList } } }, async (req): Promise<z.infer<typeof AccessTokenList>> => {
    const tokens = await listAccessTokens(ctx.db, req.user!.id);
    return { accessTokens: tokens.map(toPublicAccessToken) };
  });

  app.post('/api/auth/access-tokens', { preHandler: auth, schema: { response: { 201: CreatedAccessToken } } }, async (req, reply): Promise<z.infer<typeof CreatedAccessToken>> => {
    const body = parseBody(CreateAccessTokenBody, req.body);
    const secret = newAccessTokenSecret();
    const created = await ctx.db.transaction().execute(async (trx) => {
      if ((await countLiveAccessTokensLocked(trx, req.user!.id)) >= MAX_LIVE_ACCESS_TOKENS) throw conflict(TOO_MANY_ACCESS_TOKENS);
      return insertAccessToken(trx, { id: newObjectId(), userId: req.user!.id, name: body.name, scope: body.scope, tokenHash: hashAccessToken(secret), prefix: visiblePrefix(secret) });
    });
    req.log.info({ accessTokenId: created.id }, 'access token created');
    reply.status(201).header('cache-control', 'no-store');
    return { token: secret, accessToken: toPublicAccessToken(created) };
  });

  app.delete<{ Params: { id: string } }>('/api/auth/access-tokens/:id', { preHandler: auth }, async (req) => {
    const { id } = req.params;
    if (!OBJECT_ID.test(id) || !(await revokeAccessToken(ctx.db, req.user!.id, id))) throw notFound('Access token not found');
    req.log.info({ accessTokenId: id }, 'access token revoked');
    return { success: true };
  });

  // The gateway's question for every request that carries a `gnpat_` token (it caches the answer up to 30 s).
  app.post('/internal/access-tokens/verify', { preHandler: requireInternal(ctx.deps.config.INTERNAL_TOKEN) }, async (req): Promise<VerifiedAccessToken> => {
    const { token } = parseBody(VerifyAccessTokenBody, req.body);
    const row = await findLiveAccessToken(ctx.db, hashAccessToken(token));
    if (!row) throw unauthorized('Invalid access token');
    await touchAccessToken(ctx.db, row.id);
    const sessionToken = await ctx.tokens.sign(
      { id: row.user_id, email: row.email, name: row.name, phoneVerified: row.phone_verified, tokenVersion: row.token_version },
      { ttl: EXCHANGED_SESSION_TTL, scope: row.scope },
    );
    const exp = JSON.parse(Buffer.from(sessionToken.split('.')[1]!, 'base64url').toString()) as { exp: number };
    return { userId: row.user_id, tokenId: row.id, scope: row.scope as VerifiedAccessToken['scope'], sessionToken, sessionExpiresAt: exp.exp };
  });
}
