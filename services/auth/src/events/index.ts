import type { SubscribeOptions } from '@gnology/platform/events/types';
import type { AuthDeps } from '../app';

/** Event consumers of the auth service (consumer groups on the bus). */
export function authConsumers(_deps: AuthDeps): SubscribeOptions[] {
  return [];
}
