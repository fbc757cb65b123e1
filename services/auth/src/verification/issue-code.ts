import { CODE_TTL_MS, generateCode, hashCode } from '../domain/verification-code';
import { HttpError, badRequest } from '@gnology/platform/http/errors';
import { SmsSendError, type SmsVerifier } from '../sms';
import type { AuthTrx } from '../store/schema';
import { recordSmsSend } from '../store/sms-sends';
import { savePendingCode } from '../store/verifications';
import { type SmsGuardConfig, guardCodeSend } from './sms-guard';

/**
 * Starts a new verification for the user's phone: a fresh pending code (wrong tries reset),
 * a line in the send log, and the SMS itself. Runs inside the caller's transaction and sends
 * last, so a refused send rolls everything back (no account without a code on its way).
 */
export async function issueCode(
  trx: AuthTrx,
  sms: SmsVerifier,
  user: { id: string; phone: string },
  kind: 'registration' | 'resend' | 'login',
  guard: { config: SmsGuardConfig; ip: string },
): Promise<void> {
  await guardCodeSend(trx, guard.config, { ip: guard.ip, phone: user.phone });
  const expiresAt = new Date(Date.now() + CODE_TTL_MS);
  const code = sms.codes === 'local' ? generateCode() : undefined;
  await savePendingCode(trx, { userId: user.id, phone: user.phone, codeHash: code ? hashCode(code) : null, expiresAt });
  await recordSmsSend(trx, user.id, kind);
  try {
    await sms.send(user.phone, code);
  } catch (e) {
    if (e instanceof SmsSendError) throw badRequest(e.message);
    throw new HttpError(503, 'We could not send the verification code right now. Please try again in a moment.');
  }
}
