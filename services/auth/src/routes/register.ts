import { RegisterBody, RegisterResponse } from '@gnology/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthDeps } from '../context';
import { register } from '../use-cases/register';

/** POST /api/auth/register: a new unverified trial account and its first code (or a decoy, decision 0082). */
export const registerRoutes: FastifyPluginAsync<{ deps: AuthDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign up: an unverified trial account and a code by SMS',
        body: RegisterBody,
        response: { 201: RegisterResponse },
      },
    },
    async (req, reply) => {
      const registered = await register(deps, req.body, { ip: req.ip, requestId: req.id });
      if (registered.decoyId)
        req.log.info(
          { decoyId: registered.decoyId },
          'sign-up for an e-mail that has an account: answered with a decoy',
        );
      return reply.status(201).send({ token: registered.token });
    },
  );
};
