import type { SubscribeOptions } from '@gnology/platform/events/types';
import type { AlbumDeps } from '../app';

/** Event consumers of the album service (consumer groups on the bus). */
export function albumConsumers(_deps: AlbumDeps): SubscribeOptions[] {
  return [];
}
