import { ResendVerificationBody, VerifyPhoneBody, VerifyPhoneResponse } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthDeps } from '../context';
import { CODE_RESENT, resendVerification } from '../use-cases/resend-verification';
import type { SessionCaller } from '../use-cases/session-caller';
import { verifyPhone } from '../use-cases/verify-phone';

const ResendResponse = z.object({ success: z.literal(true), message: z.string() });

/**
 * POST /api/auth/verify-phone and POST /api/auth/resend-verification. Both belong to the sign-up
 * (or sign-in) session: they take the bearer token register or login returned, and act on that
 * token's account only (issue 11, point 6). The body keeps the spec's `{ email, code }` / `{ email }`.
 */
export const verifyPhoneRoutes: FastifyPluginAsync<{ deps: AuthDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // Checked before the body (preValidation): a request without a session is refused whatever it sends.
  const session = requireUser(deps.tokens.verifier, { allowUnverified: true });

  app.post(
    '/api/auth/verify-phone',
    {
      preValidation: session,
      schema: {
        tags: ['auth'],
        summary: "Verify the session's phone with the code sent by SMS",
        body: VerifyPhoneBody,
        response: { 200: VerifyPhoneResponse },
      },
    },
    async (req) => verifyPhone(deps, callerOf(req), req.body),
  );

  app.post(
    '/api/auth/resend-verification',
    {
      preValidation: session,
      schema: {
        tags: ['auth'],
        summary: "Send the session's phone a new code",
        body: ResendVerificationBody,
        response: { 200: ResendResponse },
      },
    },
    async (req) => {
      await resendVerification(deps, callerOf(req), req.body);
      return { success: true as const, message: CODE_RESENT };
    },
  );
};

function callerOf(req: FastifyRequest): SessionCaller {
  return { userId: req.user!.id, email: req.user!.email, ip: req.ip, requestId: req.id };
}
