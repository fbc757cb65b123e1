import { z } from 'zod';

/** `user.registered` on gnology.auth.v1, keyed by user id; written with the new account. */
export const USER_REGISTERED = 'user.registered';

export const UserRegisteredData = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  /** Always `trial` at registration; billing owns later changes. */
  plan: z.string(),
  isTestUser: z.boolean(),
  /** The promo or referral code the account registered with, if any. */
  promoCode: z.string().nullable(),
  registeredAt: z.string(),
});
export type UserRegisteredData = z.infer<typeof UserRegisteredData>;

/** `user.phone-verified` on gnology.auth.v1: the account may now use the product. */
export const USER_PHONE_VERIFIED = 'user.phone-verified';

export const UserPhoneVerifiedData = z.object({
  userId: z.string(),
  verifiedAt: z.string(),
  /**
   * One free trial per verified number (decision 0211): false when the number's trial went to an
   * earlier account, so this one must start without trial tokens. Absent for test accounts.
   */
  trialGranted: z.boolean().optional(),
});
export type UserPhoneVerifiedData = z.infer<typeof UserPhoneVerifiedData>;
