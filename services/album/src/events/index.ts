import type { SubscribeOptions } from '@gnology/platform/events/types';
import type { AlbumDeps } from '../context';

/** Event consumers of the album service (consumer groups on the bus): none; it only publishes `album.generated`. */
export function albumConsumers(_deps: AlbumDeps): SubscribeOptions[] {
  return [];
}
