import { z } from 'zod';
import { env } from './config';
import { SERVICE_TRUSTED_PROXIES_DEFAULT, trustedProxiesVar } from './http/trust-proxy';

/** Variables the gateway and every service read alike: environment, logging, where the services are. */
export const commonEnvShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_URL: z.url().default('http://127.0.0.1:8081'),
  CONVERSATION_URL: z.url().default('http://127.0.0.1:8082'),
  RESEARCH_URL: z.url().default('http://127.0.0.1:8083'),
  DOCUMENTS_URL: z.url().default('http://127.0.0.1:8084'),
  ALBUM_URL: z.url().default('http://127.0.0.1:8085'),
  BILLING_URL: z.url().default('http://127.0.0.1:8086'),
  /** Shared secret of service-to-service calls (the embedded launcher generates one per data dir). */
  INTERNAL_TOKEN: z.string().min(16, { message: 'a shared secret of at least 16 characters' }),
  /** Bearer token that /metrics requires; unset: /metrics answers only peers on this host. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || v.length >= 16, { message: 'a token of at least 16 characters' }),
  /**
   * Production safety valve (issue 11, point 7): with NODE_ENV=production a service refuses to
   * start on an embedded default that is unsafe for real users (console SMS, billing off,
   * generated signing keys) unless this says it is intended. The embedded launcher sets it.
   */
  ALLOW_EMBEDDED_DEFAULTS: env.bool(false),
  /**
   * This deployment's key prefix in Redis (the services' BullMQ queues, the gateway's rate-limit
   * counters), so several deployments can share one Redis.
   */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'letters, digits, - and _' })
    .default('gnology'),
};

/**
 * Variables every service reads. Unset production backends select the embedded defaults
 * (docs/architecture.md#infrastructure): no REDIS_URL → pg-boss jobs, no KAFKA_BROKERS → pg-boss events,
 * no S3_ENDPOINT → files under DATA_DIR/objects.
 */
export const serviceEnvSchema = z.object({
  ...commonEnvShape,
  ROLE: env.role(),
  /** Peers whose X-Forwarded-For is believed: the gateway (default: loopback). */
  TRUSTED_PROXIES: trustedProxiesVar(SERVICE_TRUSTED_PROXIES_DEFAULT),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.url({ message: 'a PostgreSQL URL such as postgres://user@host:5432/gnology' }),
  REDIS_URL: env.optionalUrl(),
  KAFKA_BROKERS: z.string().optional(),
  /** TLS to the brokers (managed clusters); KAFKA_SSL_CA_FILE for a private CA. Checked together in kafka-security.ts. */
  KAFKA_SSL: env.bool(false),
  KAFKA_SSL_CA_FILE: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  KAFKA_SASL_MECHANISM: z
    .enum(['plain', 'scram-sha-256', 'scram-sha-512', ''], { message: 'one of plain, scram-sha-256, scram-sha-512' })
    .optional()
    .transform((v) => v || undefined),
  KAFKA_SASL_USERNAME: z.string().optional(),
  KAFKA_SASL_PASSWORD: z.string().optional(),
  /** Topics the services provision at start (and on first use): partitions, retention, replication. */
  KAFKA_TOPIC_PARTITIONS: z.coerce
    .number()
    .int()
    .min(1, { message: 'a whole number of partitions, at least 1' })
    .default(6),
  KAFKA_TOPIC_RETENTION_MS: z.coerce
    .number()
    .int()
    .min(-1, { message: 'milliseconds, or -1 for unlimited' })
    .default(30 * 24 * 3600 * 1000),
  /** Unset or -1: the broker's default.replication.factor. */
  KAFKA_TOPIC_REPLICATION_FACTOR: z.coerce.number().int().min(-1).default(-1),
  /** Prefix of Kafka topics and consumer groups, for deployments that share one Kafka cluster. */
  EVENT_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, { message: 'letters, digits, - and _' })
    .optional(),
  S3_ENDPOINT: env.optionalUrl(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().default('gnology'),
  DATA_DIR: z.string().default('.data'),
  SHUTDOWN_TIMEOUT_MS: env.int(30_000),
  /**
   * Apply this service's migrations at start (embedded and development default). Production
   * manifests set false and run ROLE=migrate once per rollout (a Kubernetes Job); a service that
   * does not migrate waits up to MIGRATION_WAIT_MS for its schema to be current before serving.
   */
  MIGRATE_ON_START: env.bool(true),
  MIGRATION_WAIT_MS: env.int(300_000),
});

export type ServiceEnv = z.infer<typeof serviceEnvSchema>;
