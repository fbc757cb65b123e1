import { CloudEvent } from 'cloudevents';
import { documentEventSchemas } from '@gnology/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENSUS } from './fixtures/texts';
import { multipart } from './helpers/multipart';
import { integratorConsumer, startDocumentsOnKafka } from './helpers/kafka-integrator';
import type { DocumentsHarness } from './helpers/service';

/**
 * What an integrator sees: a plain kafkajs consumer (as in docs/integrators/events.md) on
 * gnology.documents.v1 receives the CloudEvents of an upload, in order, matching the schemas.
 */
describe('document events on Kafka', () => {
  let h: DocumentsHarness;

  beforeAll(async () => {
    h = await startDocumentsOnKafka();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('delivers document.uploaded then document.processed with the documented schema', async () => {
    const { received, disconnect } = await integratorConsumer();
    try {
      const token = await h.token('user-events');
      const form = multipart('census.txt', Buffer.from(CENSUS));
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/documents/upload',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${token}` },
      });
      const id = res.json()._id as string;

      const deadline = Date.now() + 60_000;
      let mine: typeof received = [];
      while (Date.now() < deadline) {
        mine = received.filter((m) => m.key === id);
        if (mine.some((m) => m.event.type === 'document.processed')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(mine.map((m) => m.event.type)).toEqual(['document.uploaded', 'document.processed']);
      for (const { event } of mine) {
        // A valid CloudEvent 1.0 ...
        expect(() => new CloudEvent(event as never, true).validate()).not.toThrow();
        expect(event).toMatchObject({
          specversion: '1.0',
          source: '/services/documents',
          subject: id,
          datacontenttype: 'application/json',
        });
        // ... whose data matches the published schema of its type.
        const schema = documentEventSchemas[event.type as keyof typeof documentEventSchemas];
        expect(schema.safeParse(event.data).success).toBe(true);
      }
      const processed = documentEventSchemas['document.processed'].parse(mine[1]!.event.data);
      expect(processed).toMatchObject({
        documentId: id,
        ownerId: 'user-events',
        documentType: 'census',
        pageCount: 1,
        textLength: CENSUS.length,
        extractionMethod: 'rules',
      });
      expect(processed.entities.peopleIdentified[0]).toEqual({ name: 'John Smith', role: 'primary_subject' });
    } finally {
      await disconnect();
    }
  });
});
