import { useValidationErrorStyle } from '@gnology/platform/http/validation-errors';
import type { FastifyPluginAsync } from 'fastify';
import type { AuthDeps } from '../context';
import { accessTokenRoutes } from './access-tokens';
import { loginRoutes } from './login';
import { registerRoutes } from './register';
import { sessionRoutes } from './session';
import { verifyPhoneRoutes } from './verify-phone';

/** Every HTTP route of the auth service, as one encapsulated plugin. */
export const authRoutes: FastifyPluginAsync<{ deps: AuthDeps }> = async (app, { deps }) => {
  // Auth's zod messages are shown to users as they are ("Password must be at least 6 characters
  // long"): a failed validation answers the first one alone, with no field-path prefix.
  useValidationErrorStyle(app, 'sentence');
  // A request without a body is read as an empty one, so it gets the missing field's sentence
  // ("Email is required") rather than a complaint about the body itself.
  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.schema?.body && req.body == null) req.body = {};
  });
  await app.register(registerRoutes, { deps });
  await app.register(verifyPhoneRoutes, { deps });
  await app.register(loginRoutes, { deps });
  await app.register(sessionRoutes, { deps });
  await app.register(accessTokenRoutes, { deps });
};
