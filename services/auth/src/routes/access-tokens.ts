import {
  AccessTokenList,
  CreateAccessTokenBody,
  CreatedAccessToken,
  VerifiedAccessToken,
  VerifyAccessTokenBody,
} from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { requireInternal } from '@gnology/platform/http/internal';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthDeps } from '../context';
import { createAccessToken, listUserAccessTokens, revokeUserAccessToken } from '../use-cases/access-tokens';
import { exchangeAccessToken } from '../use-cases/exchange-access-token';

const IdParams = z.object({ id: z.string() });

/** Account → Integrations (issue 18): the signed-in user's personal access tokens, and the gateway's check of one. */
export const accessTokenRoutes: FastifyPluginAsync<{ deps: AuthDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // Checked before the body (preValidation): a request without a session is refused whatever it sends.
  const auth = requireUser(deps.tokens.verifier);

  app.get(
    '/api/auth/access-tokens',
    {
      preValidation: auth,
      schema: { tags: ['auth'], summary: "The user's access tokens", response: { 200: AccessTokenList } },
    },
    async (req) => listUserAccessTokens(deps, req.user!.id),
  );

  app.post(
    '/api/auth/access-tokens',
    {
      preValidation: auth,
      schema: {
        tags: ['auth'],
        summary: 'Create an access token (its secret is shown once)',
        body: CreateAccessTokenBody,
        response: { 201: CreatedAccessToken },
      },
    },
    async (req, reply) => {
      const created = await createAccessToken(deps, req.user!.id, req.body);
      req.log.info({ accessTokenId: created.accessToken.id }, 'access token created');
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api/auth/access-tokens/:id',
    { preValidation: auth, schema: { tags: ['auth'], summary: 'Revoke an access token', params: IdParams } },
    async (req) => {
      await revokeUserAccessToken(deps, req.user!.id, req.params.id);
      req.log.info({ accessTokenId: req.params.id }, 'access token revoked');
      return { success: true };
    },
  );

  // The gateway's question for every request that carries a `gnpat_` token (it caches the answer up to 30 s).
  app.post(
    '/internal/access-tokens/verify',
    {
      preValidation: requireInternal(deps.config.INTERNAL_TOKEN),
      schema: { hide: true, body: VerifyAccessTokenBody, response: { 200: VerifiedAccessToken } },
    },
    async (req) => exchangeAccessToken(deps, req.body.token),
  );
};
