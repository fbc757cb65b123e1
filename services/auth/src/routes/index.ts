import type { FastifyPluginAsync } from 'fastify';
import type { AuthContext } from '../app';
import { accessTokenRoutes } from './access-tokens';
import { loginRoute } from './login';
import { registerRoute } from './register';
import { sessionRoutes } from './session';
import { verifyPhoneRoutes } from './verify-phone';

/** Every HTTP route of the auth service, as one encapsulated plugin. */
export const authRoutes: FastifyPluginAsync<{ ctx: AuthContext }> = async (app, { ctx }) => {
  registerRoute(app, ctx);
  verifyPhoneRoutes(app, ctx);
  loginRoute(app, ctx);
  sessionRoutes(app, ctx);
  accessTokenRoutes(app, ctx);
};
