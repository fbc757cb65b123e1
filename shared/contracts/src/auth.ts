import { z } from 'zod';

/**
 * Bodies of the accounts API (docs/contract.md#entities, #api). The field names are the public contract;
 * the messages are what the web shows the user, so they read as whole sentences.
 */
export const MIN_PASSWORD_LENGTH = 6;
/** argon2 hashes whatever it is given: a cap keeps one request from costing seconds of CPU. */
export const MAX_PASSWORD_LENGTH = 256;
export const VERIFICATION_CODE_LENGTH = 6;
export const PROMO_CODE_MAX_LENGTH = 20;

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

const password = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`);

export const RegisterBody = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  email,
  password,
  /** As typed, e.g. "(555) 123-4567"; the server normalises it to E.164. */
  cellPhone: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, 'Phone number is required')
    .max(32, 'Please enter a valid phone number'),
  /** Promo or referral code: letters, digits and hyphens, upper-cased; empty means none. */
  optionalCode: z
    .string()
    .trim()
    .toUpperCase()
    .max(PROMO_CODE_MAX_LENGTH, `The code must be at most ${PROMO_CODE_MAX_LENGTH} characters`)
    .regex(/^[A-Z0-9-]*$/, 'The code may contain only letters, digits and hyphens')
    .optional()
    .default(''),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const RegisterResponse = z.object({ token: z.string() });

export const VerifyPhoneBody = z.object({
  email,
  code: z
    .string({ error: 'Verification code is required' })
    .trim()
    .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), `Please enter the ${VERIFICATION_CODE_LENGTH}-digit code`),
});
export type VerifyPhoneBody = z.infer<typeof VerifyPhoneBody>;

export const ResendVerificationBody = z.object({ email });

export const LoginBody = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(MAX_PASSWORD_LENGTH, 'Invalid email or password'),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const ChangePasswordBody = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(MAX_PASSWORD_LENGTH),
  newPassword: z
    .string({ error: 'New password is required' })
    .min(MIN_PASSWORD_LENGTH, `New password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
    .max(MAX_PASSWORD_LENGTH, `New password must be at most ${MAX_PASSWORD_LENGTH} characters long`),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** Plans the product knows by name (docs/contract.md#entities); billing may set others, shown as "Unknown". */
export const KNOWN_PLANS = ['trial', 'professional', 'test', 'basic'] as const;

/** The signed-in user as `GET /api/auth/me`, login and verification return it. */
export const PublicUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  subscription: z.object({
    plan: z.string(),
    /** Why the account has no trial tokens (its phone number already had a free trial); absent otherwise. */
    trialNotice: z.string().optional(),
  }),
  isTestUser: z.boolean(),
  phoneVerified: z.boolean(),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const LoginResponse = z.object({ token: z.string(), user: PublicUser });
export const VerifyPhoneResponse = z.object({ success: z.literal(true), token: z.string(), user: PublicUser });
export const ChangePasswordResponse = z.object({ success: z.literal(true), message: z.string(), token: z.string() });

/** `GET /internal/users/:id/token-version` (service to service). */
export const TokenVersionResponse = z.object({ tokenVersion: z.number().int() });
