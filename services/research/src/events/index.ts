import type { SubscribeOptions } from '@gnology/platform/events/types';
import type { ResearchDeps } from '../context';

/** Event consumers of the research service (consumer groups on the bus). */
export function researchConsumers(_deps: ResearchDeps): SubscribeOptions[] {
  return [];
}
