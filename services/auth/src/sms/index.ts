import path from 'node:path';
import type { Logger } from '@gnology/platform/logger';
import { createConsoleSender } from './console-sender';
import { createTwilioVerifier } from './twilio-verifier';
import type { SmsVerifier } from './types';

export type { SmsVerifier, SmsCheckResult } from './types';
export { SmsSendError } from './types';

export interface SmsConfig {
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_VERIFY_SERVICE_SID?: string;
  TWILIO_VERIFY_BASE_URL?: string;
  SMS_OUTBOX_FILE?: string;
  DATA_DIR: string;
}

/** Twilio Verify when all three TWILIO_* variables are set, else the console sender. */
export function createSmsVerifier(config: SmsConfig, logger: Logger): SmsVerifier {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_VERIFY_SERVICE_SID: service } = config;
  const set = [sid, token, service].filter(Boolean).length;
  if (set === 3) {
    return createTwilioVerifier({
      accountSid: sid!,
      authToken: token!,
      serviceSid: service!,
      baseUrl: config.TWILIO_VERIFY_BASE_URL,
      logger,
    });
  }
  if (set > 0) {
    throw new Error(
      'SMS: set all of TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_VERIFY_SERVICE_SID for Twilio Verify, or none for the console sender',
    );
  }
  const outboxFile = path.resolve(config.SMS_OUTBOX_FILE ?? path.join(config.DATA_DIR, 'sms-outbox.jsonl'));
  return createConsoleSender({ outboxFile, logger });
}
