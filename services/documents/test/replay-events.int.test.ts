import { readFileSync } from 'node:fs';
import { DOCUMENTS_TOPIC, documentEventSchemas } from '@gnology/contracts';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { requireInfra, uniqueName } from '@gnology/testing';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, UsageError } from '../src/cli/replay-events';
import { CENSUS } from './fixtures/texts';
import { multipart } from './helpers/multipart';
import { type DocumentsHarness, startDocuments } from './helpers/service';

interface Received {
  key: string;
  event: { id: string; type: string; requestid?: string; dataschema?: string; data: Record<string, unknown> };
}

/**
 * Issue 18: the replay CLI re-emits the latest state of a user's (or every user's) documents as
 * `document.processed` through the outbox, and an integrator's consumer on the real broker gets them.
 */
describe('replay of documents to integrators (services/documents/src/cli/replay-events.ts)', () => {
  let h: DocumentsHarness;
  const brokers = () => requireInfra('KAFKA_BROKERS').split(',');
  const received: Received[] = [];
  let consumer: ReturnType<Kafka['consumer']>;

  const waitFor = async (pred: () => boolean, what: string) => {
    const deadline = Date.now() + 60_000;
    while (!pred()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  beforeAll(async () => {
    brokers();
    h = await startDocuments();
    expect(h.deps.bus.backend).toBe('kafka');
    await h.startWorker();
    h.startRelay();
    const kafka = new Kafka({ clientId: 'replay-test', brokers: brokers(), logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: DOCUMENTS_TOPIC }], waitForLeaders: true }).catch(() => {});
    await admin.disconnect();
    consumer = kafka.consumer({ groupId: uniqueName('replay-reader') });
    await consumer.connect();
    await consumer.subscribe({ topic: DOCUMENTS_TOPIC, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        received.push({ key: message.key?.toString() ?? '', event: JSON.parse(message.value!.toString()) });
      },
    });
  });
  afterAll(async () => {
    await consumer?.disconnect();
    await h?.close();
  });

  /** The published JSON Schema an event's dataschema names (docs/integrators/schemas/<file>), compiled. */
  function publishedSchema(dataschema: string) {
    const file = dataschema.replace('https://gnology.app/schemas/events/', '');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    return ajv.compile(
      JSON.parse(readFileSync(new URL(`../../../docs/integrators/schemas/${file}`, import.meta.url), 'utf8')),
    );
  }

  async function upload(owner: string): Promise<string> {
    const form = multipart('census.txt', Buffer.from(CENSUS));
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${await h.token(owner)}` },
    });
    expect(res.statusCode).toBe(201);
    return res.json()._id as string;
  }

  it("re-emits a user's documents with their current entities, after everything before, and nobody else's", async () => {
    const alice = uniqueName('alice');
    const bob = uniqueName('bob');
    const [a1, a2, b1] = [await upload(alice), await upload(alice), await upload(bob)];
    const processed = (id: string) => received.some((m) => m.key === id && m.event.type === 'document.processed');
    await waitFor(() => [a1, a2, b1].every(processed), 'document.processed of the three uploads');

    // Alice edits a1's people: the replay must carry the edit, not the first reading.
    const people = [{ name: 'Eliza Turner', role: 'primary_subject' }];
    const put = await h.app.inject({
      method: 'PUT',
      url: `/api/documents/${a1}`,
      payload: { peopleIdentified: people },
      headers: { authorization: `Bearer ${await h.token(alice)}` },
    });
    expect(put.statusCode).toBe(200);
    await waitFor(() => received.some((m) => m.key === a1 && m.event.type === 'document.updated'), 'document.updated');

    const lines: string[] = [];
    const n = await main(['--user', alice], (l) => lines.push(l), h.deps.config.DATABASE_URL);
    expect(n).toBe(2);
    const replayId = /^(replay-[0-9a-f-]{36}): 2 document\.processed events written/.exec(lines[0] ?? '')?.[1];
    expect(replayId, lines[0]).toBeDefined();

    const replayed = () => received.filter((m) => m.event.requestid === replayId);
    await waitFor(() => replayed().length >= 2, 'the replayed events');
    await new Promise((r) => setTimeout(r, 1_500)); // anything else of this replay would be out by now
    expect(
      replayed()
        .map((m) => m.key)
        .sort(),
    ).toEqual([a1, a2].sort());
    for (const m of replayed()) {
      expect(m.event.type).toBe('document.processed');
      expect(m.event.dataschema).toBe('https://gnology.app/schemas/events/document.processed.v1.json');
      const data = documentEventSchemas['document.processed'].parse(m.event.data);
      // What arrived, and the same with a field a later v1 may add, validate against the published schema.
      const validate = publishedSchema(m.event.dataschema!);
      expect(validate(m.event.data), JSON.stringify(validate.errors)).toBe(true);
      expect(
        validate({ ...m.event.data, language: 'en', entities: { ...data.entities, religion: ['Quaker'] } }),
        JSON.stringify(validate.errors),
      ).toBe(true);
      expect(validate({ ...m.event.data, pageCount: 'one' })).toBe(false);
      expect(data).toMatchObject({
        documentId: m.key,
        ownerId: alice,
        documentType: 'census',
        textLength: CENSUS.length,
      });
      // Per document, the replay comes after everything the document announced before.
      const ofKey = received.filter((r) => r.key === m.key);
      expect(ofKey.at(-1)!.event.id).toBe(m.event.id);
    }
    const a1Replay = documentEventSchemas['document.processed'].parse(replayed().find((m) => m.key === a1)!.event.data);
    expect(a1Replay.entities.peopleIdentified).toEqual(people);
    const a2First = documentEventSchemas['document.processed'].parse(
      received.find((m) => m.key === a2 && m.event.type === 'document.processed')!.event.data,
    );
    expect(
      documentEventSchemas['document.processed'].parse(replayed().find((m) => m.key === a2)!.event.data).entities,
    ).toEqual(a2First.entities);

    // --all re-emits Bob's document too.
    const allLines: string[] = [];
    expect(await main(['--all'], (l) => allLines.push(l), h.deps.config.DATABASE_URL)).toBeGreaterThanOrEqual(3);
    const allId = /^(replay-[0-9a-f-]{36}):/.exec(allLines[0] ?? '')?.[1];
    await waitFor(
      () => [a1, a2, b1].every((id) => received.some((m) => m.key === id && m.event.requestid === allId)),
      'the --all replay',
    );
  });

  it('asks for exactly one of --user and --all', async () => {
    await expect(main([], () => {}, h.deps.config.DATABASE_URL)).rejects.toBeInstanceOf(UsageError);
    await expect(main(['--all', '--user', 'x'], () => {}, h.deps.config.DATABASE_URL)).rejects.toThrow(
      /either --user USER_ID or --all/,
    );
    await expect(main(['--user', ' '], () => {}, h.deps.config.DATABASE_URL)).rejects.toThrow(/needs a user id/);
  });
});
