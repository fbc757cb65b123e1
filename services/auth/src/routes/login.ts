import { LoginBody, LoginResponse } from '@gnology/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthDeps } from '../context';
import { login } from '../use-cases/login';

/** POST /api/auth/login: a session for the right e-mail and password, within the attempt limits. */
export const loginRoutes: FastifyPluginAsync<{ deps: AuthDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: LoginBody,
        response: { 200: LoginResponse },
      },
    },
    async (req) => login(deps, req.body, { ip: req.ip, log: req.log }),
  );
};
