import { DOCUMENTS_TOPIC } from '@gnology/contracts';
import { requireInfra, uniqueName } from '@gnology/testing';
import { Kafka, logLevel } from 'kafkajs';
import { expect } from 'vitest';
import { type DocumentsHarness, startDocuments } from './service';

export interface ReceivedEvent {
  key: string;
  event: Record<string, unknown>;
}

const brokers = () => requireInfra('KAFKA_BROKERS').split(',');

/** The documents service on the real Kafka bus, with its worker and its outbox relay running. */
export async function startDocumentsOnKafka(): Promise<DocumentsHarness> {
  brokers();
  const h = await startDocuments();
  expect(h.deps.bus.backend).toBe('kafka');
  await h.startWorker();
  h.startRelay();
  return h;
}

/**
 * What an integrator runs (docs/integrators/events.md): a plain kafkajs consumer on
 * gnology.documents.v1 in a group of its own, from the beginning; `received` fills as messages come.
 */
export async function integratorConsumer(): Promise<{ received: ReceivedEvent[]; disconnect: () => Promise<void> }> {
  const kafka = new Kafka({ clientId: 'integrator-test', brokers: brokers(), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic: DOCUMENTS_TOPIC }], waitForLeaders: true }).catch(() => {});
  await admin.disconnect();
  const consumer = kafka.consumer({ groupId: uniqueName('integrator') });
  const received: ReceivedEvent[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic: DOCUMENTS_TOPIC, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      received.push({ key: message.key?.toString() ?? '', event: JSON.parse(message.value!.toString()) });
    },
  });
  return { received, disconnect: () => consumer.disconnect() };
}
