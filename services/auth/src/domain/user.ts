import type { PublicUser } from '@gnology/contracts';

export interface UserRecord {
  id: string;
  email: string;
  name: string | null;
  plan: string;
  isTestUser: boolean;
  phoneVerified: boolean;
  tokenVersion: number;
}

/** What the API shows of an account (docs/contract.md#entities, User). */
export function toPublicUser(u: UserRecord): PublicUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    subscription: { plan: u.plan },
    isTestUser: u.isTestUser,
    phoneVerified: u.phoneVerified,
  };
}
