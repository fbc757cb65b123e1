import type { Logger } from '@gnology/platform/logger';
import twilio from 'twilio';
import { SmsSendError, type SmsCheckResult, type SmsVerifier } from './types';

export interface TwilioVerifyOptions {
  accountSid: string;
  authToken: string;
  serviceSid: string;
  /** Replaces https://verify.twilio.com (tests point it at a loopback fake). */
  baseUrl?: string;
  logger: Logger;
}

interface TwilioError {
  status?: number;
  code?: number;
  message?: string;
}

/** Twilio error codes of the Verify API that mean "this code is no longer checkable". */
const NOT_FOUND = 20404;
const MAX_CHECK_ATTEMPTS = 60202;
const MAX_SEND_ATTEMPTS = 60203;
const INVALID_PARAMETER = 60200;

/**
 * Twilio Verify through the official SDK: Twilio generates, sends, expires and checks codes.
 * The auth service still counts wrong tries itself, so the rules read the same with both providers.
 */
export function createTwilioVerifier(opts: TwilioVerifyOptions): SmsVerifier {
  const client = twilio(opts.accountSid, opts.authToken, { autoRetry: true, maxRetries: 2, timeout: 10_000 });
  // The generated Verify domain keeps its base URL as a plain property that every request reads.
  if (opts.baseUrl) client.verify.baseUrl = opts.baseUrl;
  const service = () => client.verify.v2.services(opts.serviceSid);

  return {
    name: 'twilio',
    codes: 'provider',
    async send(to) {
      try {
        await service().verifications.create({ to, channel: 'sms' });
      } catch (e) {
        const err = e as TwilioError;
        opts.logger.warn({ to, status: err.status, code: err.code, msg: err.message }, 'Twilio Verify refused a send');
        if (err.code === MAX_SEND_ATTEMPTS)
          throw new SmsSendError('Too many codes were sent to this phone number. Please try again later.');
        if (err.code === INVALID_PARAMETER || err.status === 400)
          throw new SmsSendError('We could not send a code to this phone number. Please check it and try again.');
        throw e;
      }
    },
    async check(to, code): Promise<SmsCheckResult> {
      try {
        const result = await service().verificationChecks.create({ to, code });
        return result.status === 'approved' ? 'approved' : 'wrong';
      } catch (e) {
        const err = e as TwilioError;
        // No pending verification (expired, already approved, or too many checks): a new code is needed.
        if (err.code === NOT_FOUND || err.status === 404 || err.code === MAX_CHECK_ATTEMPTS) return 'expired';
        throw e;
      }
    },
  };
}
