import { handleOnce } from '@gnology/platform/events/inbox';
import type { CloudEventJson } from '@gnology/platform/events/types';
import { z } from 'zod';
import type { BillingPlatformDeps } from '../context';
import type { Trx } from '../store/schema';
import { openRegisteredAccount } from '../use-cases/open-registered-account';

export const USER_REGISTERED_CONSUMER = 'billing.user-registered';

/** The fields billing needs of auth's `user.registered` (the full schema lives in contracts/events/auth). */
const Registered = z.object({
  userId: z.string().min(1),
  email: z.string(),
  name: z.string().nullable().optional(),
  isTestUser: z.boolean().optional(),
  registeredAt: z.string().optional(),
});

/** Opens the new user's account (trial, or test for test users) when auth announces the registration; the inbox row commits with it. */
export async function onUserRegistered(
  deps: BillingPlatformDeps,
  event: CloudEventJson,
  now = new Date(),
): Promise<boolean> {
  const data = Registered.parse(event.data);
  const user = {
    userId: data.userId,
    email: data.email,
    name: data.name ?? null,
    isTestUser: data.isTestUser ?? false,
    registeredAt: new Date(data.registeredAt ?? event.time),
  };
  return handleOnce(deps.database.db, USER_REGISTERED_CONSUMER, event.id, (trx) =>
    openRegisteredAccount(trx as Trx, user, now),
  );
}
