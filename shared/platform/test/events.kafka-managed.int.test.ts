// The product's Kafka bus against a broker set up like a managed cluster: a SASL_SSL listener
// (TLS with a private CA, SCRAM-SHA-256 user created at format time) beside the plain one.
// This file starts its own broker on free ports; the shared test broker (KAFKA_BROKERS) is not
// touched. Also: topics provisioned with the configured partitions and retention.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import kafkajs from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent, type CloudEventJson, createEventBus, type EventBus, kafkaSecurityFromEnv } from '../src/events';
import { createLogger } from '../src/logger';
import { serviceEnvSchema } from '../src/service-env';
import { freePorts, makeBrokerCertificates } from './fixtures/kafka-tls';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PASSWORD = 'scram-test-password-42';
const logger = createLogger({ service: 'kafka-managed-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });

interface Broker {
  brokers: string;
  saslSslBrokers: string;
  stop(): Promise<void>;
}

let dir: string;
let broker: Broker;
let caFile: string;
const buses: EventBus[] = [];

/** The bus exactly as a service builds it from its environment (runtime.ts). */
function busFromEnv(env: Record<string, string>, brokers: string): EventBus {
  const config = serviceEnvSchema.parse({
    DATABASE_URL: 'postgres://u@h/db',
    INTERNAL_TOKEN: 'x'.repeat(16),
    KAFKA_BROKERS: brokers,
    ...env,
  });
  const bus = createEventBus({
    kafkaBrokers: config.KAFKA_BROKERS,
    databaseUrl: config.DATABASE_URL,
    clientId: 'gnology-managed-test',
    logger,
    namespace: config.EVENT_NAMESPACE,
    kafka: {
      ...kafkaSecurityFromEnv(config),
      topics: {
        numPartitions: config.KAFKA_TOPIC_PARTITIONS,
        retentionMs: config.KAFKA_TOPIC_RETENTION_MS,
        replicationFactor: config.KAFKA_TOPIC_REPLICATION_FACTOR,
      },
      consumer: { sessionTimeout: 6000, heartbeatInterval: 500 },
    },
  });
  buses.push(bus);
  return bus;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gn-kafka-managed-'));
  const certs = makeBrokerCertificates(dir);
  caFile = certs.caFile;
  const [port, controllerPort, securePort] = await freePorts(3);
  const { startKafka } = await import(pathToFileURL(path.join(ROOT, 'infra/kafka/kafka.mjs')).href);
  broker = await startKafka({
    port,
    controllerPort,
    dataDir: path.join(dir, 'data'),
    log: () => {},
    heap: '384m',
    saslSsl: { port: securePort, keystoreFile: certs.keystoreFile, users: [{ name: 'gnology', password: PASSWORD }] },
  });
}, 180_000);

afterAll(async () => {
  for (const b of buses) await b.close().catch(() => {});
  await broker?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('Kafka over TLS with SCRAM (a managed cluster)', () => {
  it('publishes and consumes an event through the bus with KAFKA_SSL, KAFKA_SSL_CA_FILE and SCRAM-SHA-256', async () => {
    const bus = busFromEnv(
      {
        KAFKA_SSL: 'true',
        KAFKA_SSL_CA_FILE: caFile,
        KAFKA_SASL_MECHANISM: 'scram-sha-256',
        KAFKA_SASL_USERNAME: 'gnology',
        KAFKA_SASL_PASSWORD: PASSWORD,
        EVENT_NAMESPACE: 'managed',
      },
      broker.saslSslBrokers,
    );
    await bus.ping();
    const received: CloudEventJson[] = [];
    await bus.subscribe({
      group: 'tls-reader',
      topics: ['gnology.documents.v1'],
      handler: async (e) => void received.push(e),
    });
    const event = buildEvent({
      topic: 'gnology.documents.v1',
      key: 'doc-tls',
      type: 'document.deleted',
      source: '/services/documents',
      data: { documentId: 'doc-tls', ownerId: 'u1', deletedAt: new Date().toISOString() },
    });
    await bus.publish([{ topic: 'gnology.documents.v1', key: 'doc-tls', event }]);
    await expect.poll(() => received.map((e) => e.id), { timeout: 30_000 }).toEqual([event.id]);
    expect(received[0]!.dataschema).toBe('https://gnology.app/schemas/events/document.deleted.v1.json');
  });

  it('a wrong password is refused by the broker', async () => {
    const bus = busFromEnv(
      {
        KAFKA_SSL: 'true',
        KAFKA_SSL_CA_FILE: caFile,
        KAFKA_SASL_MECHANISM: 'scram-sha-256',
        KAFKA_SASL_USERNAME: 'gnology',
        KAFKA_SASL_PASSWORD: 'not-the-password',
      },
      broker.saslSslBrokers,
    );
    await expect(bus.ping()).rejects.toThrow(/SASL|authenticat/i);
  });

  it('without the private CA the TLS handshake fails (the certificate is verified)', async () => {
    const bus = busFromEnv(
      {
        KAFKA_SSL: 'true',
        KAFKA_SASL_MECHANISM: 'scram-sha-256',
        KAFKA_SASL_USERNAME: 'gnology',
        KAFKA_SASL_PASSWORD: PASSWORD,
      },
      broker.saslSslBrokers,
    );
    await expect(bus.ping()).rejects.toThrow();
  });
});

describe("the integrators' example consumer on a managed cluster", () => {
  it('docs/integrators/examples/consumer.mjs reads over TLS with SCRAM, as events.md says', async () => {
    const bus = busFromEnv(
      {
        KAFKA_SSL: 'true',
        KAFKA_SSL_CA_FILE: caFile,
        KAFKA_SASL_MECHANISM: 'scram-sha-256',
        KAFKA_SASL_USERNAME: 'gnology',
        KAFKA_SASL_PASSWORD: PASSWORD,
        EVENT_NAMESPACE: 'example',
      },
      broker.saslSslBrokers,
    );
    await bus.provisionTopics!(['gnology.documents.v1']);
    const child = spawn(process.execPath, ['docs/integrators/examples/consumer.mjs'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        KAFKA_BROKERS: broker.saslSslBrokers,
        EVENT_NAMESPACE: 'example',
        KAFKA_SSL: 'true',
        KAFKA_SSL_CA_FILE: caFile,
        KAFKA_SASL_MECHANISM: 'scram-sha-256',
        KAFKA_SASL_USERNAME: 'gnology',
        KAFKA_SASL_PASSWORD: PASSWORD,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    try {
      await expect.poll(() => output, { timeout: 30_000 }).toContain('listening on example.gnology.documents.v1');
      const event = buildEvent({
        topic: 'gnology.documents.v1',
        key: 'doc-ex',
        type: 'document.deleted',
        source: '/services/documents',
        data: { documentId: 'doc-ex', ownerId: 'u1', deletedAt: new Date().toISOString() },
      });
      await bus.publish([{ topic: 'gnology.documents.v1', key: 'doc-ex', event }]);
      await expect
        .poll(() => output, { timeout: 30_000 })
        .toContain('document.deleted doc-ex: forget what you took from it');
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('topic provisioning', () => {
  it('creates the topics with KAFKA_TOPIC_PARTITIONS and KAFKA_TOPIC_RETENTION_MS, under EVENT_NAMESPACE', async () => {
    const bus = busFromEnv(
      { EVENT_NAMESPACE: 'prov', KAFKA_TOPIC_PARTITIONS: '4', KAFKA_TOPIC_RETENTION_MS: '1209600000' },
      broker.brokers,
    );
    await bus.provisionTopics!(['gnology.documents.v1', 'gnology.auth.v1']);
    const admin = new kafkajs.Kafka({
      clientId: 'inspect',
      brokers: [broker.brokers],
      logLevel: kafkajs.logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      const meta = await admin.fetchTopicMetadata({ topics: ['prov.gnology.documents.v1', 'prov.gnology.auth.v1'] });
      expect(meta.topics.map((t) => t.partitions.length)).toEqual([4, 4]);
      const configs = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [
          { type: kafkajs.ConfigResourceTypes.TOPIC, name: 'prov.gnology.documents.v1', configNames: ['retention.ms'] },
        ],
      });
      expect(configs.resources[0]!.configEntries.find((c) => c.configName === 'retention.ms')?.configValue).toBe(
        '1209600000',
      );
      // Provisioning again (another service starting) is harmless.
      await bus.provisionTopics!(['gnology.documents.v1']);
    } finally {
      await admin.disconnect();
    }
  });
});
