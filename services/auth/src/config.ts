import { env } from '@gnology/platform/config';
import type { ServiceEnv } from '@gnology/platform/service-env';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v : undefined));

/** Variables of the auth service beyond the common ones (shared/platform/src/service-env.ts). */
export const authEnvSchema = z.object({
  /**
   * The EdDSA (Ed25519) signing key: a private JWK (JSON) or a PKCS8 PEM. Unset: a key is
   * generated once into DATA_DIR/keys and reused (embedded mode). See docs/decisions/0011.
   */
  JWT_PRIVATE_KEY: optional,
  /** The `kid` of JWT_PRIVATE_KEY; defaults to the JWK's own kid, else its RFC 7638 thumbprint. */
  JWT_KEY_ID: optional,
  /** Public keys still accepted after a rotation: a JWKS `{"keys":[...]}` or a JSON array of JWKs. */
  JWT_PREVIOUS_PUBLIC_KEYS: optional,
  /** Session lifetime (jose duration). */
  JWT_TTL: z.string().default('7d'),

  /** Twilio Verify: all three set selects it; otherwise the console sender. */
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_VERIFY_SERVICE_SID: optional,
  /** Base URL of the Verify API (tests point it at a loopback fake). */
  TWILIO_VERIFY_BASE_URL: optional,
  /** Where the console sender appends `{"to","code","sentAt"}` lines; default DATA_DIR/sms-outbox.jsonl. */
  SMS_OUTBOX_FILE: optional,

  /** Failed logins allowed per e-mail, and per client IP, within LOGIN_WINDOW_MINUTES. */
  LOGIN_MAX_FAILURES_PER_EMAIL: env.int(5),
  LOGIN_MAX_FAILURES_PER_IP: env.int(30),
  LOGIN_WINDOW_MINUTES: env.int(15),

  /**
   * SMS pumping guards (issue 11, point 2): verification codes sent per client IP, and per
   * number prefix (the E.164 number less its last 4 digits: one NANP exchange), per hour.
   */
  SMS_MAX_PER_IP_PER_HOUR: env.int(10),
  SMS_MAX_PER_PREFIX_PER_HOUR: env.int(20),
  /**
   * Country calling codes whose phone numbers may sign up, comma-separated. Default `1`: the
   * NANP area (US, Canada and the Caribbean), which the form's (xxx) xxx-xxxx format serves.
   */
  SMS_ALLOWED_CALLING_CODES: z
    .string()
    .default('1')
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim().replace(/^\+/, ''))
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(/^[1-9]\d{0,2}$/, { message: 'calling codes such as 1,44' }))
        .min(1, { message: 'at least one calling code' }),
    ),
});

export type AuthConfig = ServiceEnv & z.infer<typeof authEnvSchema>;

/** Embedded defaults of auth that must not reach real users unnoticed (production-guard.ts). */
export function unsafeAuthDefaults(
  config: Pick<
    AuthConfig,
    'JWT_PRIVATE_KEY' | 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_VERIFY_SERVICE_SID'
  >,
): string[] {
  const unsafe: string[] = [];
  if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN || !config.TWILIO_VERIFY_SERVICE_SID) {
    unsafe.push(
      'verification codes would go to the console sender (TWILIO_* unset), so anyone could verify any phone number',
    );
  }
  if (!config.JWT_PRIVATE_KEY)
    unsafe.push('the session signing key would be generated on the fly (JWT_PRIVATE_KEY unset)');
  return unsafe;
}
