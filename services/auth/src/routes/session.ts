import { ChangePasswordBody, type TokenVersionResponse } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { badRequest, notFound, unauthorized } from '@gnology/platform/http/errors';
import { requireInternal } from '@gnology/platform/http/internal';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../app';
import { decoyAsUser } from '../domain/decoy';
import { toPublicUser } from '../domain/user';
import { hashPassword, verifyPassword } from '../security/passwords';
import { claimAttempt } from '../security/attempt-limit';
import { COMMON_PASSWORD, isCommonPassword } from '../security/common-passwords';
import { resetCount } from '../store/rate-limits';
import { findDecoy } from '../store/decoys';
import { changePasswordHash, findUserById, sessionVersionOf } from '../store/users';
import { parseBody } from './parse';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
const PASSWORD_WINDOW_MS = 15 * 60_000;
const PASSWORD_MAX_FAILURES = 5;

/** The signed-in user's own routes, the JWKS and the token-version lookup for other services. */
export function sessionRoutes(app: FastifyInstance, ctx: AuthContext) {
  const { tokens } = ctx;

  app.get('/api/auth/.well-known/jwks.json', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ctx.keys.jwks;
  });

  // Unverified users may ask who they are: the web uses phoneVerified to send them back to the code step.
  app.get('/api/auth/me', { preHandler: requireUser(tokens.verifier, { allowUnverified: true }) }, async (req) => {
    const user = await findUserById(ctx.db, req.user!.id);
    if (user) return toPublicUser(user);
    // A registration decoy looks like any account still waiting for its code.
    const decoy = await findDecoy(ctx.db, req.user!.id);
    if (decoy) return toPublicUser(decoyAsUser(decoy));
    throw unauthorized('Invalid session token', { expired: false });
  });

  app.post('/api/users/change-password', { preHandler: requireUser(tokens.verifier) }, async (req) => {
    const body = parseBody(ChangePasswordBody, req.body, { alsoAsMessage: true });
    if (isCommonPassword(body.newPassword)) throw badRequest(COMMON_PASSWORD, { message: COMMON_PASSWORD });
    const limitKey = `password:user:${req.user!.id}`;
    await claimAttempt(ctx.db, [{ key: limitKey, max: PASSWORD_MAX_FAILURES }], PASSWORD_WINDOW_MS, (message) => ({ message }));
    const user = await findUserById(ctx.db, req.user!.id);
    if (!user) throw unauthorized('Invalid session token', { expired: false });
    if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
      throw badRequest(WRONG_CURRENT_PASSWORD, { message: WRONG_CURRENT_PASSWORD });
    }
    await resetCount(ctx.db, limitKey);
    const hash = await hashPassword(body.newPassword);
    // The token version goes up with the hash: every other session is refused from now on.
    const updated = await ctx.db.transaction().execute((trx) => changePasswordHash(trx, user.id, hash));
    const message = 'Password changed successfully';
    // This session carries on with a token of the new version.
    return { success: true, message, token: await tokens.sign(updated) };
  });

  app.get<{ Params: { id: string } }>(
    '/internal/users/:id/token-version',
    { preHandler: requireInternal(ctx.deps.config.INTERNAL_TOKEN) },
    async (req): Promise<z.infer<typeof TokenVersionResponse>> => {
      const tokenVersion = await sessionVersionOf(ctx.db, req.params.id);
      if (tokenVersion === undefined) throw notFound('No such user');
      return { tokenVersion };
    },
  );
}
