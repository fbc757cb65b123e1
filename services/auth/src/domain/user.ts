import type { PublicUser } from '@gnology/contracts';

/**
 * Why a verified account started without the free trial (issue 29, point 4, decision 0211): its
 * phone number already had one. Shown as `subscription.trialNotice` by verify-phone and /me.
 */
export const NO_TRIAL_PHONE_USED =
  'This phone number has already been used for a free trial, so this account starts without trial tokens. Subscribe to Professional to research with Gene.';

export interface UserRecord {
  id: string;
  email: string;
  name: string | null;
  plan: string;
  isTestUser: boolean;
  phoneVerified: boolean;
  tokenVersion: number;
  /** Why the account started without the free trial (decision 0211), if it did. */
  noTrialReason?: 'phone-already-used' | null;
}

/** What the API shows of an account (docs/contract.md#entities, User). */
export function toPublicUser(u: UserRecord): PublicUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    // The reason is told while it explains the plan: once the user subscribes it is old news.
    subscription:
      u.noTrialReason === 'phone-already-used' && u.plan === 'basic'
        ? { plan: u.plan, trialNotice: NO_TRIAL_PHONE_USED }
        : { plan: u.plan },
    isTestUser: u.isTestUser,
    phoneVerified: u.phoneVerified,
  };
}
