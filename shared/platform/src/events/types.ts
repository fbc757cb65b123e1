/** A CloudEvents 1.0 event in its structured JSON form. */
export interface CloudEventJson<T = unknown> {
  specversion: '1.0';
  id: string;
  type: string;
  source: string;
  subject?: string;
  time: string;
  datacontenttype: 'application/json';
  /** URL of the JSON Schema of `data` (docs/integrators/schemas/). */
  dataschema?: string;
  /** Extension attribute: the request id that caused the event. */
  requestid?: string;
  data: T;
}

/** One record on the wire: the topic, the partition key (aggregate id) and the event. */
export interface BusMessage {
  topic: string;
  key: string;
  event: CloudEventJson;
}

export type EventHandler = (event: CloudEventJson, meta: { topic: string; key: string }) => Promise<void>;

export interface SubscribeOptions {
  /** Consumer group: each group receives every event once (at least once on the wire). */
  group: string;
  topics: string[];
  handler: EventHandler;
  /** Read from the start of the topic when the group is new. Default true. */
  fromBeginning?: boolean;
}

export interface Subscription {
  close(): Promise<void>;
}

/**
 * The event bus: Kafka in production (`KAFKA_BROKERS`), pg-boss pub/sub embedded.
 * Services never publish directly: they write to their outbox inside a transaction
 * and the relay calls `publish`. A handler that throws is retried (redelivered).
 */
export interface EventBus {
  readonly backend: 'kafka' | 'pg-boss';
  publish(messages: BusMessage[]): Promise<void>;
  subscribe(opts: SubscribeOptions): Promise<Subscription>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Creates the topics that do not exist yet, with the configured partitions and retention (Kafka only). */
  provisionTopics?(topics: string[]): Promise<void>;
  /** Messages a consumer group has not committed yet, per topic (Kafka only: the lag alert). */
  consumerLag?(group: string, topics: string[]): Promise<{ topic: string; lag: number }[]>;
}
