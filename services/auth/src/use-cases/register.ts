import { USER_REGISTERED, type RegisterBody, type UserRegisteredData } from '@gnology/contracts';
import { writeEvent } from '@gnology/platform/events/outbox';
import { isUniqueViolation } from '@gnology/platform/db/unique-violation';
import { TOPICS } from '@gnology/platform/events/topics';
import { HttpError, badRequest } from '@gnology/platform/http/errors';
import { newObjectId } from '@gnology/platform/ids';
import type { AuthDeps } from '../context';
import { isAllowedCallingCode, toE164 } from '../domain/phone';
import { isRedeemable, normalizePromoCode } from '../domain/promo-code';
import type { UserRecord } from '../domain/user';
import { COMMON_PASSWORD, isCommonPassword } from '../security/common-passwords';
import { hashPassword, verifyPassword } from '../security/passwords';
import { insertDecoy } from '../store/decoys';
import { countPromoUse, findPromoCodeForUpdate } from '../store/promo-codes';
import type { AuthTrx } from '../store/schema';
import { findUserByEmail, insertUser, updatePendingRegistration } from '../store/users';
import { issueCode } from '../verification/issue-code';
import { type SmsGuardConfig, guardCodeSend } from '../verification/sms-guard';
import { refuseUnless, resendDecision } from './resend-limit';

export const INVALID_PHONE = 'Please enter a valid phone number, e.g. (555) 123-4567.';
export const PHONE_COUNTRY_NOT_SERVED =
  'We can only send verification codes to phone numbers in the United States and Canada for now.';
export const invalidPromo = (code: string) =>
  `The code ${code} is not valid. Please check it, or leave the field empty.`;

type Registered = { kind: 'account'; user: UserRecord } | { kind: 'decoy'; user: UserRecord };

export interface Registration {
  token: string;
  /** Set when the e-mail already had an account and the caller got a decoy (logged, never answered). */
  decoyId?: string;
}

/**
 * Creates an unverified trial account, sends the first code and writes user.registered, all in
 * one transaction (a refused code or SMS leaves nothing behind). The same e-mail and password
 * again, while still unverified, is "Change Phone Number": the pending account takes the new
 * phone and a new code.
 *
 * An e-mail that already has an account (verified, or pending with another password) gets the
 * same session as a new sign-up, for a decoy that never becomes an account and sends no text:
 * the API does not tell who has an account (decision 0082).
 */
export async function register(
  deps: Pick<AuthDeps, 'db' | 'config' | 'sms' | 'tokens'>,
  body: RegisterBody,
  from: { ip: string; requestId: string },
): Promise<Registration> {
  const { config } = deps;
  const phone = toE164(body.cellPhone);
  if (!phone) throw badRequest(INVALID_PHONE);
  if (!isAllowedCallingCode(phone, config.SMS_ALLOWED_CALLING_CODES)) throw badRequest(PHONE_COUNTRY_NOT_SERVED);
  if (isCommonPassword(body.password)) throw badRequest(COMMON_PASSWORD);
  const promo = body.optionalCode ? normalizePromoCode(body.optionalCode) : null;
  if (body.optionalCode && !promo) throw badRequest(invalidPromo(body.optionalCode));
  const passwordHash = await hashPassword(body.password);
  const guard = { config, ip: from.ip };

  const registered = await deps.db.transaction().execute(async (trx): Promise<Registered> => {
    let marksTestUser = false;
    if (promo) {
      const code = await findPromoCodeForUpdate(trx, promo);
      if (!code || !isRedeemable(code, new Date())) throw badRequest(invalidPromo(promo));
      marksTestUser = code.marksTestUser;
    }

    const existing = await findUserByEmail(trx, body.email, { forUpdate: true });
    if (existing) {
      if (existing.phoneVerified || !(await verifyPassword(existing.passwordHash, body.password))) {
        return { kind: 'decoy', user: await registerDecoy(trx, body, phone, guard) };
      }
      refuseUnless(await resendDecision(trx, existing.id));
      await updatePendingRegistration(trx, existing.id, { name: body.name, phone });
      await issueCode(trx, deps.sms, { id: existing.id, phone }, 'resend', guard);
      return { kind: 'account', user: { ...existing, name: body.name } };
    }

    let created: UserRecord;
    try {
      created = await insertUser(trx, {
        id: newObjectId(),
        email: body.email,
        name: body.name,
        passwordHash,
        phone,
        promoCode: promo,
        isTestUser: marksTestUser,
      });
    } catch (e) {
      // Two sign-ups with one e-mail at the same moment: the second waits on the index, then lands here.
      if (isUniqueViolation(e)) throw new HttpError(409, 'Registration failed. Please try again.');
      throw e;
    }
    if (promo) await countPromoUse(trx, promo);
    await writeEvent<UserRegisteredData>(trx, {
      topic: TOPICS.auth,
      key: created.id,
      type: USER_REGISTERED,
      source: '/services/auth',
      subject: created.id,
      requestId: from.requestId,
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
    await issueCode(trx, deps.sms, { id: created.id, phone }, 'registration', guard);
    return { kind: 'account', user: created };
  });

  const token = await deps.tokens.sign(registered.user);
  return registered.kind === 'decoy' ? { token, decoyId: registered.user.id } : { token };
}

/**
 * The decoy counts against the same address and number-prefix limits as a real code would
 * (hitting them must look the same), then stands in for the account. Nothing is texted: the
 * number typed is the caller's, and the real owner's number is not theirs to trigger.
 */
async function registerDecoy(
  trx: AuthTrx,
  body: { email: string; name: string },
  phone: string,
  guard: { config: SmsGuardConfig; ip: string },
): Promise<UserRecord> {
  await guardCodeSend(trx, guard.config, { ip: guard.ip, phone });
  const id = newObjectId();
  await insertDecoy(trx, { id, email: body.email, name: body.name, phone });
  return {
    id,
    email: body.email,
    name: body.name,
    plan: 'trial',
    isTestUser: false,
    phoneVerified: false,
    tokenVersion: 0,
  };
}
