import type { EventBus } from './types';

/**
 * Prefixes every topic and consumer group with a namespace, so several deployments (or test
 * stacks) can share one Kafka cluster without reading each other's events or joining each
 * other's groups. Handlers still see the plain topic names.
 */
export function withNamespace(bus: EventBus, namespace: string | undefined): EventBus {
  if (!namespace) return bus;
  const prefix = `${namespace}.`;
  const plain = (topic: string) => (topic.startsWith(prefix) ? topic.slice(prefix.length) : topic);
  return {
    backend: bus.backend,
    publish: (messages) => bus.publish(messages.map((m) => ({ ...m, topic: prefix + m.topic }))),
    subscribe: (sub) =>
      bus.subscribe({
        ...sub,
        group: prefix + sub.group,
        topics: sub.topics.map((t) => prefix + t),
        handler: (event, meta) => sub.handler(event, { ...meta, topic: plain(meta.topic) }),
      }),
    ping: () => bus.ping(),
    provisionTopics: bus.provisionTopics ? (topics) => bus.provisionTopics!(topics.map((t) => prefix + t)) : undefined,
    close: () => bus.close(),
    consumerLag: bus.consumerLag
      ? async (group, topics) =>
          (
            await bus.consumerLag!(
              prefix + group,
              topics.map((t) => prefix + t),
            )
          ).map((l) => ({ ...l, topic: plain(l.topic) }))
      : undefined,
  };
}
