import { CloudEvent } from 'cloudevents';
import { documentEventSchemas } from '@gnology/contracts';
import { uniqueName } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENSUS } from './fixtures/texts';
import { multipart } from './helpers/multipart';
import { integratorConsumer, startDocumentsOnKafka } from './helpers/kafka-integrator';
import type { DocumentsHarness } from './helpers/service';

/**
 * Issue 18: a user's edit of a document's people reaches integrators as `document.updated`,
 * written through the outbox with the edit and delivered by the real broker.
 */
describe('document.updated on Kafka', () => {
  let h: DocumentsHarness;

  beforeAll(async () => {
    h = await startDocumentsOnKafka();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is published once per change, with the new people and the entities in the shape of document.processed', async () => {
    const { received, disconnect } = await integratorConsumer();
    const waitFor = async (pred: () => boolean, what: string) => {
      const deadline = Date.now() + 60_000;
      while (!pred()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    try {
      const owner = uniqueName('editor');
      const token = await h.token(owner);
      const auth = { authorization: `Bearer ${token}` };
      const form = multipart('census.txt', Buffer.from(CENSUS));
      const up = await h.app.inject({
        method: 'POST',
        url: '/api/documents/upload',
        payload: form.payload,
        headers: { ...form.headers, ...auth },
      });
      const id = up.json()._id as string;
      const mine = () => received.filter((m) => m.key === id);
      await waitFor(() => mine().some((m) => m.event.type === 'document.processed'), 'document.processed');
      const processed = documentEventSchemas['document.processed'].parse(
        mine().find((m) => m.event.type === 'document.processed')!.event.data,
      );

      const people = [
        { name: 'John Smith', role: 'primary_subject' },
        { name: 'Mary Smith', role: 'spouse' },
      ];
      const put = await h.app.inject({
        method: 'PUT',
        url: `/api/documents/${id}`,
        payload: { peopleIdentified: people },
        headers: { ...auth, 'x-request-id': 'edit-1' },
      });
      expect(put.statusCode).toBe(200);
      // The same people again change nothing, and announce nothing.
      expect(
        (
          await h.app.inject({
            method: 'PUT',
            url: `/api/documents/${id}`,
            payload: { peopleIdentified: people },
            headers: auth,
          })
        ).statusCode,
      ).toBe(200);
      // Another user's edit is refused and announces nothing either.
      const stranger = await h.token(uniqueName('stranger'));
      expect(
        (
          await h.app.inject({
            method: 'PUT',
            url: `/api/documents/${id}`,
            payload: { peopleIdentified: [] },
            headers: { authorization: `Bearer ${stranger}` },
          })
        ).statusCode,
      ).toBe(404);

      await waitFor(() => mine().some((m) => m.event.type === 'document.updated'), 'document.updated');
      // Whatever the relay had left to send is out by now; a second event would have followed the first.
      await new Promise((r) => setTimeout(r, 2_000));
      const updates = mine().filter((m) => m.event.type === 'document.updated');
      expect(updates).toHaveLength(1);
      const { event } = updates[0]!;
      expect(() => new CloudEvent(event as never, true).validate()).not.toThrow();
      expect(event).toMatchObject({
        specversion: '1.0',
        source: '/services/documents',
        subject: id,
        type: 'document.updated',
      });
      const data = documentEventSchemas['document.updated'].parse(event.data);
      expect(data).toMatchObject({ documentId: id, ownerId: owner, documentType: 'census' });
      expect(data.entities.peopleIdentified).toEqual(people);
      // Everything the edit did not touch is as processing found it; record roles stay for the names still listed.
      const kept = (processed.entities.personDetails ?? []).filter((d) =>
        people.some((p) => p.name.toLowerCase() === d.name.toLowerCase()),
      );
      expect(kept.length).toBeGreaterThan(0);
      expect(data.entities).toEqual({ ...processed.entities, peopleIdentified: people, personDetails: kept });
      expect(mine().map((m) => m.event.type)).toEqual(['document.uploaded', 'document.processed', 'document.updated']);
    } finally {
      await disconnect();
    }
  });
});
