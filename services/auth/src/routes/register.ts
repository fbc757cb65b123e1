import { RegisterBody } from '@gnology/contracts';
import { USER_REGISTERED, type UserRegisteredData } from '@gnology/contracts';
import { TOPICS } from '@gnology/platform/events/topics';
import { writeEvent } from '@gnology/platform/events/outbox';
import { HttpError, badRequest, conflict } from '@gnology/platform/http/errors';
import { newObjectId } from '@gnology/platform/ids';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../app';
import { toE164 } from '../domain/phone';
import { isRedeemable, normalizePromoCode } from '../domain/promo-code';
import { decideResend } from '../domain/rate-limit';
import type { UserRecord } from '../domain/user';
import { hashPassword, verifyPassword } from '../security/passwords';
import { countPromoUse, findPromoCodeForUpdate } from '../store/promo-codes';
import { resendHistory } from '../store/sms-sends';
import { findUserByEmail, insertUser, updatePendingRegistration } from '../store/users';
import { issueCode } from '../verification/issue-code';
import { parseBody } from './parse';

export const EMAIL_TAKEN = 'An account with this email already exists. Please log in instead.';
export const INVALID_PHONE = 'Please enter a valid phone number, e.g. (555) 123-4567.';
export const invalidPromo = (code: string) => `The code ${code} is not valid. Please check it, or leave the field empty.`;

const UNIQUE_VIOLATION = '23505';

/**
 * POST /api/auth/register: creates an unverified trial account, sends the first code and
 * emits user.registered, all in one transaction (a refused code or SMS leaves nothing behind).
 * The same e-mail and password again, while still unverified, is "Change Phone Number":
 * the pending account takes the new phone and a new code.
 */
export function registerRoute(app: FastifyInstance, ctx: AuthContext) {
  app.post('/api/auth/register', async (req, reply) => {
    const body = parseBody(RegisterBody, req.body);
    const phone = toE164(body.cellPhone);
    if (!phone) throw badRequest(INVALID_PHONE);
    const promo = body.optionalCode ? normalizePromoCode(body.optionalCode) : null;
    if (body.optionalCode && !promo) throw badRequest(invalidPromo(body.optionalCode));
    const passwordHash = await hashPassword(body.password);

    const user = await ctx.db.transaction().execute(async (trx): Promise<UserRecord> => {
      let marksTestUser = false;
      if (promo) {
        const code = await findPromoCodeForUpdate(trx, promo);
        if (!code || !isRedeemable(code, new Date())) throw badRequest(invalidPromo(promo));
        marksTestUser = code.marksTestUser;
      }

      const existing = await findUserByEmail(trx, body.email, { forUpdate: true });
      if (existing) {
        if (existing.phoneVerified || !(await verifyPassword(existing.passwordHash, body.password))) throw conflict(EMAIL_TAKEN);
        const decision = decideResend(await resendHistory(trx, existing.id), new Date());
        if (!decision.ok) throw new HttpError(429, decision.message, { retryAfterSeconds: decision.retryAfterSeconds });
        await updatePendingRegistration(trx, existing.id, { name: body.name, phone });
        await issueCode(trx, ctx.sms, { id: existing.id, phone }, 'resend');
        return { ...existing, name: body.name };
      }

      let created: UserRecord;
      try {
        created = await insertUser(trx, { id: newObjectId(), email: body.email, name: body.name, passwordHash, phone, promoCode: promo, isTestUser: marksTestUser });
      } catch (e) {
        // Two sign-ups with one e-mail at the same moment: the second waits on the index, then lands here.
        if ((e as { code?: string }).code === UNIQUE_VIOLATION) throw conflict(EMAIL_TAKEN);
        throw e;
      }
      if (promo) await countPromoUse(trx, promo);
      await writeEvent<UserRegisteredData>(trx, {
        topic: TOPICS.auth,
        key: created.id,
        type: USER_REGISTERED,
        source: '/services/auth',
        subject: created.id,
        requestId: req.id,
        data: {
          userId: created.id,
          email: created.email,
          name: created.name,
          plan: created.plan,
          isTestUser: created.isTestUser,
          promoCode: promo,
          registeredAt: new Date().toISOString(),
        },
      });
      await issueCode(trx, ctx.sms, { id: created.id, phone }, 'registration');
      return created;
    });

    const token = await ctx.tokens.sign(user);
    return reply.status(201).send({ token });
  });
}
