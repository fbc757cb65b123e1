import { type DocumentRecord, IndividualDetail, PeopleListResponse } from '@gnology/contracts';
import { newObjectId } from '@gnology/platform/ids';
import type { Subscription } from '@gnology/platform/events/types';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsConsumers } from '../src/events';
import { MARY_ANN_DEATH, WHITFIELD_FAMILY } from './fixtures/family';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';

/**
 * The people index follows the library on its own (decision 0185): documents uploaded and
 * processed by the worker publish `document.processed` through the outbox and the bus, and the
 * worker role's consumer adds their people; a person the user adds to a document, and a deleted
 * document's facts, follow.
 */
describe('people index from events', () => {
  let h: DocumentsHarness;
  let token: string;
  let subscriptions: Subscription[] = [];
  const owner = newObjectId();

  const upload = async (name: string, text: string) => (await uploadAccepted(h, token, name, Buffer.from(text)))._id;
  const people = async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/people',
      headers: { authorization: `Bearer ${token}` },
    });
    return PeopleListResponse.parse(res.json()).individuals;
  };
  const eventually = async <T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const v = await read();
      if (ok(v)) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    token = await h.token(owner);
    await h.startWorker();
    h.startRelay();
    subscriptions = await Promise.all(documentsConsumers(h.deps).map((s) => h.deps.bus.subscribe(s)));
  }, 120_000);
  afterAll(async () => {
    for (const s of subscriptions) await s.close();
    await h?.close();
  });

  it('groups the people of uploaded documents as they are processed, and forgets a deleted one', async () => {
    const ids: string[] = [];
    for (const [name, text] of Object.entries(WHITFIELD_FAMILY)) ids.push(await upload(name, text));
    for (const id of ids) expect((await waitProcessed(h.app, token, id)).processingStatus).toBe('completed');
    const thomas = await eventually(
      people,
      (list) => list.find((p) => p.name === 'Thomas Whitfield')?.documentCount === 5,
      'Thomas Whitfield in five documents',
    );
    expect(thomas.find((p) => p.name === 'Thomas Whitfield')!.conflictCount).toBe(1);

    // The user's own edit of a document's people reaches the index too (document.updated).
    const letter = ids[Object.keys(WHITFIELD_FAMILY).indexOf('letter-1885.txt')]!;
    const current = (
      await h.app.inject({
        method: 'GET',
        url: `/api/documents/${letter}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as DocumentRecord;
    const put = await h.app.inject({
      method: 'PUT',
      url: `/api/documents/${letter}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { peopleIdentified: [...current.peopleIdentified, { name: 'Rebecca Whitfield', role: 'sibling' }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    await eventually(people, (l) => l.some((p) => p.name === 'Rebecca Whitfield'), 'the person the user added');

    const death = await upload('mary-ann-death-1895.txt', MARY_ANN_DEATH);
    await waitProcessed(h.app, token, death);
    const list = await eventually(
      people,
      (l) => l.find((p) => p.name === 'Mary Ann Whitfield')?.deathYear === 1895,
      'Mary Ann’s death',
    );
    const mary = list.find((p) => p.name === 'Mary Ann Whitfield')!;
    const detail = IndividualDetail.parse(
      (
        await h.app.inject({
          method: 'GET',
          url: `/api/people/${mary.id}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );
    expect(detail.evidence.map((e) => e.fileName)).toContain('mary-ann-death-1895.txt');

    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/documents/${death}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    await eventually(
      people,
      (l) => l.find((p) => p.name === 'Mary Ann Whitfield')?.deathYear === null,
      'Mary Ann without the deleted death record',
    );
  }, 120_000);
});
