import { HttpError } from '@gnology/platform/http/errors';
import { numberPrefix } from '../domain/phone';
import { hit } from '../store/rate-limits';
import type { AuthTrx } from '../store/schema';

export const TOO_MANY_CODES = 'Too many verification codes were requested. Please try again later.';
const HOUR_MS = 60 * 60_000;

export interface SmsGuardConfig {
  SMS_MAX_PER_IP_PER_HOUR: number;
  SMS_MAX_PER_PREFIX_PER_HOUR: number;
}

/**
 * SMS pumping guard (issue 11, point 2): every code sent counts against the client's address and
 * against the number's prefix, per hour, in the caller's transaction (the row lock serialises
 * parallel sends; a refused send rolls its own count back, so the counter rests at the limit).
 * The per-account resend limits still apply on top; these stop one address, or one walk through
 * a number block, from buying thousands of texts across many fresh accounts.
 */
export async function guardCodeSend(
  trx: AuthTrx,
  config: SmsGuardConfig,
  send: { ip: string; phone: string },
): Promise<void> {
  const ip = await hit(trx, `sms:ip:${send.ip}`, HOUR_MS);
  const prefix = await hit(trx, `sms:prefix:${numberPrefix(send.phone)}`, HOUR_MS);
  if (ip.count > config.SMS_MAX_PER_IP_PER_HOUR || prefix.count > config.SMS_MAX_PER_PREFIX_PER_HOUR) {
    const retryAfterSeconds = Math.ceil((Math.max(ip.resetAt.getTime(), prefix.resetAt.getTime()) - Date.now()) / 1000);
    throw new HttpError(429, TOO_MANY_CODES, { retryAfterSeconds });
  }
}
