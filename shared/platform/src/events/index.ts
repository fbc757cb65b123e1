export type { BusMessage, CloudEventJson, EventBus, EventHandler, SubscribeOptions, Subscription } from './types';
export { TOPICS, topicName, assertTopicName, type TopicDomain, type TopicName } from './topics';
export {
  outboxMigration,
  writeEvent,
  buildEvent,
  OUTBOX_CHANNEL,
  type WriteEventInput,
  type OutboxTable,
  type InboxTable,
  type EventsTables,
  type AnyKysely,
  type AnyTransaction,
} from './outbox';
export { startOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './relay';
export { handleOnce } from './inbox';
export {
  kafkaSecurityFromEnv,
  type KafkaSecurity,
  type KafkaSecurityEnv,
  type KafkaSaslMechanism,
} from './kafka-security';
export { dataSchemaUrl, EVENT_SCHEMA_BASE_URL } from './dataschema';
export { createKafkaBus, type KafkaBusOptions, type KafkaConsumerTuning, type HandlerRetry } from './kafka-bus';
export { createPgBossBus, type PgBossBusOptions } from './pgboss-bus';
export { createEventBus, type CreateEventBusOptions } from './create-bus';
