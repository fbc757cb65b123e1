/**
 * Sends phone verification codes. Two providers (docs/decisions/0012-sms-providers.md):
 * Twilio Verify, which generates and checks the codes itself, and the console sender for
 * embedded mode, which sends codes the auth service generated and stores hashed.
 */
export interface SmsVerifier {
  readonly name: 'twilio' | 'console';
  /** 'provider': the provider makes and checks codes; 'local': the service does (hashed in Postgres). */
  readonly codes: 'provider' | 'local';
  /** Sends a code to an E.164 number; `code` is given only when codes are local. */
  send(to: string, code?: string): Promise<void>;
  /** Provider-owned codes only: whether `code` is the live code for `to`. */
  check(to: string, code: string): Promise<SmsCheckResult>;
}

export type SmsCheckResult = 'approved' | 'wrong' | 'expired';

/** A send the provider refused (bad number, blocked region, ...): shown to the user as is. */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
}
