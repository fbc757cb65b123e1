import type { Logger } from '../logger';
import { createKafkaBus, type KafkaBusOptions } from './kafka-bus';
import { createPgBossBus, type PgBossBusOptions } from './pgboss-bus';
import { withNamespace } from './namespace';
import type { EventBus } from './types';

export interface CreateEventBusOptions {
  /** `KAFKA_BROKERS` (comma-separated host:port). Set: Kafka; empty or unset: pg-boss in the database. */
  kafkaBrokers?: string;
  databaseUrl: string;
  /** Kafka client id, e.g. the service name. */
  clientId: string;
  logger: Logger;
  /** Prefix of every topic and consumer group (`EVENT_NAMESPACE`): deployments sharing a Kafka cluster. */
  namespace?: string;
  /** Backend-specific tuning (tests shorten timeouts and retry delays). */
  kafka?: Partial<Omit<KafkaBusOptions, 'brokers' | 'clientId' | 'logger'>>;
  pgBoss?: Partial<Omit<PgBossBusOptions, 'databaseUrl' | 'logger'>>;
}

/** Kafka when `kafkaBrokers` is set, else pg-boss pub/sub in the service's Postgres. Connects lazily. */
export function createEventBus(opts: CreateEventBusOptions): EventBus {
  const brokers = opts.kafkaBrokers?.trim();
  const bus = brokers
    ? createKafkaBus({ ...opts.kafka, brokers, clientId: opts.clientId, logger: opts.logger })
    : createPgBossBus({ ...opts.pgBoss, databaseUrl: opts.databaseUrl, logger: opts.logger });
  return withNamespace(bus, opts.namespace);
}
