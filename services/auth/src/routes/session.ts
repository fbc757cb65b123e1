import { ChangePasswordBody, ChangePasswordResponse, PublicUser, TokenVersionResponse } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { requireInternal } from '@gnology/platform/http/internal';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthDeps } from '../context';
import { changePassword } from '../use-cases/change-password';
import { currentUser } from '../use-cases/current-user';
import { tokenVersion } from '../use-cases/token-version';

const IdParams = z.object({ id: z.string() });

/** The signed-in user's own routes, the JWKS and the token-version lookup for other services. */
export const sessionRoutes: FastifyPluginAsync<{ deps: AuthDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/auth/.well-known/jwks.json',
    { schema: { tags: ['auth'], summary: 'Public keys of the session tokens' } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return deps.keys.jwks;
    },
  );

  // Unverified users may ask who they are: the web uses phoneVerified to send them back to the code step.
  app.get(
    '/api/auth/me',
    {
      preValidation: requireUser(deps.tokens.verifier, { allowUnverified: true }),
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: PublicUser } },
    },
    async (req) => currentUser(deps, req.user!.id),
  );

  app.post(
    '/api/users/change-password',
    {
      preValidation: requireUser(deps.tokens.verifier),
      // The account page reads `message`: a refused body repeats its sentence there too.
      config: { validationErrors: 'sentence-and-message' },
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password",
        body: ChangePasswordBody,
        response: { 200: ChangePasswordResponse },
      },
    },
    async (req) => changePassword(deps, req.user!.id, req.body),
  );

  app.get(
    '/internal/users/:id/token-version',
    {
      preValidation: requireInternal(deps.config.INTERNAL_TOKEN),
      schema: { hide: true, params: IdParams, response: { 200: TokenVersionResponse } },
    },
    async (req) => tokenVersion(deps, req.params.id),
  );
};
