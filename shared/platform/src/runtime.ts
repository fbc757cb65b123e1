import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import type { z } from 'zod';
import { createTokenVerifier, type TokenVerifier } from './auth/token-verifier';
import { createTokenVersionCheck } from './auth/token-versions';
import { ConfigError, loadConfig } from './config';
import { type Database, createDatabase, migrate, pingDatabase } from './db/database';
import { prepareSchema } from './db/schema-at-start';
import { createEventBus } from './events/create-bus';
import { kafkaSecurityFromEnv } from './events/kafka-security';
import { TOPICS } from './events/topics';
import { startOutboxRelay } from './events/relay';
import type { EventBus, SubscribeOptions } from './events/types';
import { createJobQueue } from './jobs/create-queue';
import { type JobDefinition, startWorkers } from './jobs/registry';
import type { JobQueue } from './jobs/types';
import { type Closer, onShutdown } from './lifecycle';
import { createLogger, type Logger } from './logger';
import { serviceEnvSchema, type ServiceEnv } from './service-env';
import { createObjectStorage } from './storage/create-storage';
import type { ObjectStorage } from './storage/types';
import { createServiceApp, type ReadinessCheck } from './http/service-app';
import { registerConsumerLagMetrics, registerJobMetrics, registerOutboxMetrics } from './http/operational-metrics';

/** Everything a service's buildApp, jobs and consumers may use. Built once per process. */
export interface ServiceDeps<C extends ServiceEnv = ServiceEnv> {
  name: string;
  config: C;
  logger: Logger;
  database: Database;
  queue: JobQueue;
  bus: EventBus;
  storage: ObjectStorage;
  verifier: TokenVerifier;
  /** Readiness checks for /readyz: database, queue, bus and storage. */
  checks: Record<string, ReadinessCheck>;
}

export interface ServiceDefinition<S extends z.ZodObject> {
  name: string;
  /** The Postgres schema this service owns. */
  schema: string;
  defaultPort: number;
  /** Extra env variables of this service, merged into the common ones. */
  env: S;
  migrations: Record<string, Migration>;
  /** Queues whose depth /metrics reports. */
  queues?: string[];
  buildApp(deps: ServiceDeps<z.infer<S> & ServiceEnv>): Promise<FastifyInstance> | FastifyInstance;
  jobs?(deps: ServiceDeps<z.infer<S> & ServiceEnv>): JobDefinition[];
  consumers?(deps: ServiceDeps<z.infer<S> & ServiceEnv>): SubscribeOptions[];
}

/**
 * Builds the infrastructure backends the environment selects (production when configured,
 * embedded otherwise) — the only place that decides between them.
 */
export async function createServiceDeps<C extends ServiceEnv>(
  name: string,
  schema: string,
  config: C,
  logger: Logger,
): Promise<ServiceDeps<C>> {
  const database = createDatabase({ url: config.DATABASE_URL, schema, applicationName: name });
  const queue = await createJobQueue({
    redisUrl: config.REDIS_URL,
    databaseUrl: config.DATABASE_URL,
    logger,
    prefix: config.REDIS_URL ? config.QUEUE_PREFIX : undefined,
  });
  const bus = await createEventBus({
    kafkaBrokers: config.KAFKA_BROKERS,
    databaseUrl: config.DATABASE_URL,
    clientId: `gnology-${name}`,
    logger,
    namespace: config.EVENT_NAMESPACE,
    kafka: {
      ...kafkaSecurityFromEnv(config),
      topics: {
        numPartitions: config.KAFKA_TOPIC_PARTITIONS,
        retentionMs: config.KAFKA_TOPIC_RETENTION_MS,
        replicationFactor: config.KAFKA_TOPIC_REPLICATION_FACTOR,
      },
    },
  });
  const storage = await createObjectStorage({
    s3Endpoint: config.S3_ENDPOINT,
    s3AccessKey: config.S3_ACCESS_KEY,
    s3SecretKey: config.S3_SECRET_KEY,
    s3Region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    localDir: path.resolve(config.DATA_DIR, 'objects'),
  });
  // Services check token versions themselves too (issue 11, point 3): a session revoked by a
  // password change is refused here even on a route the gateway lets through unchecked.
  const versions = createTokenVersionCheck({ authUrl: config.AUTH_URL, internalToken: config.INTERNAL_TOKEN, logger });
  const verifier = createTokenVerifier({
    jwksUrl: `${config.AUTH_URL}/api/auth/.well-known/jwks.json`,
    isCurrentVersion: versions.isCurrentVersion,
  });
  return {
    name,
    config,
    logger,
    database,
    queue,
    bus,
    storage,
    verifier,
    checks: {
      database: () => pingDatabase(database),
      queue: () => queue.ping(),
      bus: () => bus.ping(),
      storage: () => storage.ping(),
    },
  };
}

/**
 * Runs a service with the roles ROLE asks for (api, worker, relay or all), or, with ROLE=migrate,
 * applies its migrations and exits (the Kubernetes migrations Job).
 */
export async function runService<S extends z.ZodObject>(def: ServiceDefinition<S>): Promise<void> {
  const config = loadConfig(serviceEnvSchema.extend(def.env.shape)) as z.infer<S> & ServiceEnv & { PORT?: number };
  const logger = createLogger({ service: def.name, level: config.LOG_LEVEL });
  if (config.ROLE === 'migrate') return migrateAndExit(def, config, logger);
  exitOnConfigError(() => kafkaSecurityFromEnv(config));
  const deps = await createServiceDeps(def.name, def.schema, config, logger);
  await prepareSchema({
    database: deps.database,
    migrations: def.migrations,
    logger,
    migrateOnStart: config.MIGRATE_ON_START,
    waitMs: config.MIGRATION_WAIT_MS,
  });

  const role = config.ROLE;
  const closers: Closer[] = [];
  const port = Number(process.env.PORT ?? def.defaultPort);
  // The API role serves the routes; worker and relay processes still answer /healthz, /readyz
  // and /metrics on PORT so orchestrators can probe them and scrape queue depth.
  const app =
    role === 'api' || role === 'all'
      ? await def.buildApp(deps)
      : createServiceApp({
          name: `${def.name}-${role}`,
          logger,
          checks: deps.checks,
          queue: deps.queue,
          queues: def.queues,
        });
  await app.listen({ port, host: config.HOST });
  closers.push({ name: 'http', close: () => app.close() });
  const registry = app.metricsRegistry;
  if ((role === 'worker' || role === 'all') && def.jobs) {
    const jobMetrics = registry ? registerJobMetrics(registry) : undefined;
    const workers = await startWorkers(deps.queue, def.jobs(deps), { logger, onJobFinished: jobMetrics?.observe });
    closers.push({ name: 'workers', close: () => workers.close() });
  }
  if ((role === 'worker' || role === 'all') && def.consumers) {
    const subs = def.consumers(deps);
    for (const sub of subs) {
      const s = await deps.bus.subscribe(sub);
      closers.push({ name: `consumer ${sub.group}`, close: () => s.close() });
    }
    if (registry) registerConsumerLagMetrics(registry, deps.bus, subs);
  }
  if (role === 'relay' || role === 'all') {
    // Topics get their partitions and retention here rather than from broker defaults; if the
    // cluster is unreachable now, the first publish creates them the same way. Not awaited:
    // a slow cluster must not hold the process's start.
    void deps.bus
      .provisionTopics?.(Object.values(TOPICS))
      .catch((err) =>
        logger.warn({ err }, 'could not provision the Kafka topics at start; they are created on first use'),
      );
    if (registry) registerOutboxMetrics(registry, deps.database);
    const relay = startOutboxRelay({ db: deps.database, bus: deps.bus, logger });
    closers.push({ name: 'relay', close: () => relay.stop() });
  }
  closers.push(
    { name: 'bus', close: () => deps.bus.close() },
    { name: 'queue', close: () => deps.queue.close() },
    { name: 'storage', close: () => deps.storage.close() },
    { name: 'database', close: () => deps.database.close() },
  );
  onShutdown(logger, closers, config.SHUTDOWN_TIMEOUT_MS);
  logger.info({ role }, `${def.name} ready`);
}

/** A configuration checked across variables stops the process with its one line, as loadConfig does. */
function exitOnConfigError(check: () => unknown): void {
  try {
    check();
  } catch (err) {
    if (!(err instanceof ConfigError) || process.env.NODE_ENV === 'test' || process.env.VITEST) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(78); // EX_CONFIG
  }
}

/** ROLE=migrate: only the database is needed; the exit code tells the Job whether it worked. */
async function migrateAndExit(
  def: { name: string; schema: string; migrations: Record<string, Migration> },
  config: ServiceEnv,
  logger: Logger,
): Promise<void> {
  const database = createDatabase({
    url: config.DATABASE_URL,
    schema: def.schema,
    applicationName: `${def.name}-migrate`,
  });
  try {
    const applied = await migrate(database, def.migrations);
    logger.info({ applied, schema: def.schema }, applied.length ? 'migrations applied' : 'schema already current');
  } finally {
    await database.close();
  }
  process.exit(0);
}
