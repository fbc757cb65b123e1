import { IndividualDetail, IndividualResponse, PeopleListResponse, PeopleLookupResponse } from '@gnology/contracts';
import { newObjectId } from '@gnology/platform/ids';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onDocumentEvent } from '../src/people/events/people-index';
import { loadPeopleForExport } from '../src/people/store/people-export';
import { updatePeopleIndex } from '../src/people/use-cases/update-people-index';
import { MARY_ANN_DEATH, WHITFIELD_FAMILY } from './fixtures/family';
import { seedRecord } from './helpers/people';
import { type DocumentsHarness, startDocuments } from './helpers/service';

const INTERNAL = { 'x-internal-token': 'test-internal-token-0123456789' };

/** The people index (issue 16, decision 0185) on real Postgres: grouping, conflicts, decisions, incremental updates. */
describe('people index', () => {
  let h: DocumentsHarness;
  const alice = newObjectId();
  const bob = newObjectId();
  let aliceToken: string;
  let bobToken: string;
  const docs = new Map<string, string>();

  const get = async (url: string, token = aliceToken) => {
    const res = await h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return res;
  };
  const list = async (q?: string) => {
    const res = await get(`/api/people${q ? `?q=${encodeURIComponent(q)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return PeopleListResponse.parse(res.json()).individuals;
  };
  const detail = async (id: string) => {
    const res = await get(`/api/people/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return IndividualDetail.parse(res.json());
  };
  const byName = async (name: string) => (await list()).filter((i) => i.name === name);

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    aliceToken = await h.token(alice);
    bobToken = await h.token(bob);
    const db = h.deps.database.db;
    for (const [name, text] of Object.entries(WHITFIELD_FAMILY))
      docs.set(name, await seedRecord(db, { ownerId: alice, name, text }));
    // Bob has a Thomas Whitfield of his own: never in Alice's index.
    docs.set(
      'bob',
      await seedRecord(h.deps.database.db, {
        ownerId: bob,
        name: 'bob-obituary.txt',
        text: WHITFIELD_FAMILY['thomas-obituary-1890.txt']!,
      }),
    );
    await updatePeopleIndex(db, alice, { kind: 'rebuild' });
    await updatePeopleIndex(db, bob, { kind: 'rebuild' });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('groups the family across certificates, census, obituary and letter, with the evidence of each', async () => {
    const people = await list();
    const names = people.map((p) => p.name);
    // Sorted by surname, then given names.
    expect(names.indexOf('Martha Cole')).toBeLessThan(names.indexOf('James Whitfield'));
    expect(names.indexOf('James Whitfield')).toBeLessThan(names.indexOf('John Henry Whitfield'));
    expect(names.indexOf('John Henry Whitfield')).toBeLessThan(names.indexOf('Thomas Whitfield'));

    const [john] = await byName('John Henry Whitfield');
    expect(john).toMatchObject({ sex: 'M', birthYear: 1862, documentCount: 4, userEdited: false });
    const d = await detail(john!.id);
    expect(d.evidence.map((e) => e.fileName).sort()).toEqual([
      'census-1880-raleigh.txt',
      'john-birth-1862.txt',
      'thomas-obituary-1890.txt',
      'whitfield-cole-marriage-1887.txt',
    ]);
    // The census writes "John H.": the initial is kept (issue 28), so the variant is that, not a bare "John Whitfield".
    expect(d.variants).toEqual(['John H. Whitfield', 'John Henry Whitfield']);
    expect(d.evidence.find((e) => e.fileName === 'whitfield-cole-marriage-1887.txt')).toMatchObject({
      recordRole: 'groom',
      role: 'primary_subject',
      date: '1887-06-14',
      page: 1,
    });
    expect(d.timeline.map((t) => [t.kind, t.year, t.fileName])).toEqual([
      ['birth', 1862, 'census-1880-raleigh.txt'],
      ['birth', 1862, 'john-birth-1862.txt'],
      ['residence', 1880, 'census-1880-raleigh.txt'],
      ['occupation', 1880, 'census-1880-raleigh.txt'],
      ['marriage', 1887, 'whitfield-cole-marriage-1887.txt'],
    ]);
    expect(d.relatives).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Thomas Whitfield', relation: 'parent' }),
        expect.objectContaining({ name: 'Mary Ann Whitfield', relation: 'parent' }),
        expect.objectContaining({ name: 'Sarah Elizabeth Cole', relation: 'spouse' }),
      ]),
    );
    // Thomas is one person in five documents; the letter's James and the census's James are one.
    const [thomas] = await byName('Thomas Whitfield');
    expect(thomas).toMatchObject({ documentCount: 5, deathYear: 1890, sex: 'M' });
    expect((await byName('James Whitfield'))[0]!.documentCount).toBe(4);
    // Mary Ann's maiden name (née Brown) finds her under Brown too.
    expect((await list('brown')).map((p) => p.name)).toEqual(['Mary Ann Whitfield']);
    expect((await list('Whitfeld')).length).toBe(0);
  });

  it('flags the planted conflict and names the documents that disagree', async () => {
    const [thomas] = await byName('Thomas Whitfield');
    expect(thomas!.conflictCount).toBe(1);
    const d = await detail(thomas!.id);
    expect(d.conflicts).toHaveLength(1);
    expect(d.conflicts[0]!.kind).toBe('birth_years');
    expect(d.conflicts[0]!.message).toContain('census-1880-raleigh.txt');
    expect(d.conflicts[0]!.message).toContain('thomas-obituary-1890.txt');
    expect(d.conflicts[0]!.documentIds.sort()).toEqual(
      [docs.get('census-1880-raleigh.txt'), docs.get('thomas-obituary-1890.txt')].sort(),
    );
    // The rest of the family is coherent.
    const [john] = await byName('John Henry Whitfield');
    expect(john!.conflictCount).toBe(0);
  });

  it('adds a newly processed document incrementally, from its document.processed event', async () => {
    const db = h.deps.database.db;
    const [maryBefore] = await byName('Mary Ann Whitfield');
    const id = await seedRecord(db, { ownerId: alice, name: 'mary-ann-death-1895.txt', text: MARY_ANN_DEATH });
    const event = {
      specversion: '1.0' as const,
      id: newObjectId(),
      type: 'document.processed',
      source: '/services/documents',
      time: new Date().toISOString(),
      datacontenttype: 'application/json' as const,
      data: { documentId: id, ownerId: alice },
    };
    expect(await onDocumentEvent(h.deps, event)).toBe(true);
    // A redelivery changes nothing.
    expect(await onDocumentEvent(h.deps, event)).toBe(false);
    const [mary] = await byName('Mary Ann Whitfield');
    expect(mary!.id).toBe(maryBefore!.id);
    expect(mary).toMatchObject({ deathYear: 1895, documentCount: maryBefore!.documentCount + 1 });
    const d = await detail(mary!.id);
    expect(d.timeline.at(-1)).toMatchObject({ kind: 'death', date: '1895-05-12', fileName: 'mary-ann-death-1895.txt' });
  });

  it("keeps the user's merge, split and rename over automatic grouping, after a rebuild too", async () => {
    const db = h.deps.database.db;
    const [martha] = await byName('Martha Whitfield');
    const [marthaCole] = await byName('Martha Cole');
    const merged = await h.app.inject({
      method: 'POST',
      url: '/api/people/merge',
      headers: { authorization: `Bearer ${aliceToken}` },
      payload: { ids: [martha!.id, marthaCole!.id] },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(IndividualResponse.parse(merged.json()).individual).toMatchObject({
      id: martha!.id,
      documentCount: 2,
      userEdited: true,
    });

    const [john] = await byName('John Henry Whitfield');
    const census = (await detail(john!.id)).evidence.find((e) => e.fileName === 'census-1880-raleigh.txt')!;
    const split = await h.app.inject({
      method: 'POST',
      url: `/api/people/${john!.id}/split`,
      headers: { authorization: `Bearer ${aliceToken}` },
      payload: { mentionIds: [census.mentionId] },
    });
    expect(split.statusCode, split.body).toBe(200);
    const splitOff = IndividualResponse.parse(split.json()).individual;
    expect(splitOff).toMatchObject({ documentCount: 1, userEdited: true });

    const renamed = await h.app.inject({
      method: 'PATCH',
      url: `/api/people/${john!.id}`,
      headers: { authorization: `Bearer ${aliceToken}` },
      payload: { name: 'John Henry "Jack" Whitfield' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    await updatePeopleIndex(db, alice, { kind: 'rebuild' });
    const after = await list();
    expect(after.find((p) => p.id === martha!.id)).toMatchObject({ documentCount: 2, userEdited: true });
    expect(after.some((p) => p.name === 'Martha Cole')).toBe(false);
    expect(after.find((p) => p.id === john!.id)).toMatchObject({
      name: 'John Henry "Jack" Whitfield',
      documentCount: 3,
    });
    expect(after.find((p) => p.id === splitOff.id)).toMatchObject({ documentCount: 1 });
    expect((await detail(splitOff.id)).evidence.map((e) => e.fileName)).toEqual(['census-1880-raleigh.txt']);
  });

  it('refuses what cannot be done, in words a person can act on', async () => {
    const [thomas] = await byName('Thomas Whitfield');
    const [james] = await byName('James Whitfield');
    const sameRecord = await h.app.inject({
      method: 'POST',
      url: '/api/people/merge',
      headers: { authorization: `Bearer ${aliceToken}` },
      payload: { ids: [thomas!.id, james!.id] },
    });
    expect(sameRecord.statusCode).toBe(400);
    expect(sameRecord.json().error).toContain('different people');
    const all = (await detail(thomas!.id)).evidence.map((e) => e.mentionId);
    const splitAll = await h.app.inject({
      method: 'POST',
      url: `/api/people/${thomas!.id}/split`,
      headers: { authorization: `Bearer ${aliceToken}` },
      payload: { mentionIds: all },
    });
    expect(splitAll.statusCode).toBe(400);
    const empty = await h.app.inject({
      method: 'PATCH',
      url: `/api/people/${thomas!.id}`,
      headers: { authorization: `Bearer ${aliceToken}` },
      payload: { name: '  ' },
    });
    expect(empty.statusCode).toBe(400);
  });

  it("answers 404 for another user's person, an unknown id and a malformed one", async () => {
    const [thomas] = await byName('Thomas Whitfield');
    for (const url of [
      `/api/people/${thomas!.id}`,
      '/api/people/7d0e7a3c-8c1e-4a57-9a55-0d1f3c9b2e11',
      '/api/people/not-a-uuid',
    ]) {
      const res = await get(url, bobToken);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Person not found' });
    }
    const rename = await h.app.inject({
      method: 'PATCH',
      url: `/api/people/${thomas!.id}`,
      headers: { authorization: `Bearer ${bobToken}` },
      payload: { name: 'Mine' },
    });
    expect(rename.statusCode).toBe(404);
    const bobs = PeopleListResponse.parse((await get('/api/people', bobToken)).json()).individuals;
    expect(bobs.every((p) => p.id !== thomas!.id)).toBe(true);
    expect((await get('/api/people')).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: '/api/people' })).statusCode).toBe(401);
  });

  it('answers Gene about a person by name, conflicts included (internal only)', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/internal/people/lookup',
      headers: INTERNAL,
      payload: { userId: alice, names: ['Thomas Whitfield'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = PeopleLookupResponse.parse(res.json()).individuals;
    expect(found.map((f) => f.individual.name)).toEqual(['Thomas Whitfield']);
    expect(found[0]!.conflicts[0]!.kind).toBe('birth_years');
    // A possessive, a variant spelling, a surname alone (the family, most documented first).
    const lookup = async (names: string[]) =>
      PeopleLookupResponse.parse(
        (
          await h.app.inject({
            method: 'POST',
            url: '/internal/people/lookup',
            headers: INTERNAL,
            payload: { userId: alice, names },
          })
        ).json(),
      ).individuals.map((f) => f.individual.name);
    expect(await lookup(["Thomas Whitfield's"])).toEqual(['Thomas Whitfield']);
    expect(await lookup(['Thos. Whitfield'])).toEqual(['Thomas Whitfield']);
    const family = await lookup(['Whitfield']);
    expect(family).toHaveLength(5);
    expect(family).toContain('Thomas Whitfield');
    expect(family.every((n) => n.endsWith('Whitfield'))).toBe(true);
    expect(await lookup(['Mary Brown'])).toEqual(['Mary Ann Whitfield']);
    const forBob = PeopleLookupResponse.parse(
      (
        await h.app.inject({
          method: 'POST',
          url: '/internal/people/lookup',
          headers: INTERNAL,
          payload: { userId: bob, names: ['Thomas Whitfield'] },
        })
      ).json(),
    );
    expect(forBob.individuals.map((f) => f.individual.documentCount)).toEqual([1]);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/internal/people/lookup',
          payload: { userId: alice, names: ['Thomas'] },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('loads the whole index for export: individuals with evidence, timeline and relatives, and the documents cited', async () => {
    const all = await loadPeopleForExport(h.deps.database.db, alice);
    const thomas = all.individuals.find((i) => i.summary.name === 'Thomas Whitfield')!;
    expect(thomas).toMatchObject({ givenNames: 'Thomas', surname: 'Whitfield' });
    expect(thomas.timeline.some((t) => t.kind === 'death' && t.year === 1890)).toBe(true);
    expect(thomas.relatives.map((r) => r.relation).sort()).toEqual(expect.arrayContaining(['child', 'spouse']));
    for (const r of thomas.relatives) expect(all.individuals.some((i) => i.summary.id === r.individualId)).toBe(true);
    expect(all.documents.map((d) => d.fileName)).toContain('thomas-obituary-1890.txt');
    expect(all.documents.every((d) => d.id !== docs.get('bob'))).toBe(true);
    expect((await loadPeopleForExport(h.deps.database.db, newObjectId())).individuals).toEqual([]);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/people'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/people/{id}'] ?? {}).sort()).toEqual(['get', 'patch']);
    expect(Object.keys(doc.paths['/api/people/merge'] ?? {})).toContain('post');
    expect(Object.keys(doc.paths['/api/people/{id}/split'] ?? {})).toContain('post');
    expect(doc.paths['/internal/people/lookup']).toBeUndefined();
  });

  it('forgets a deleted document and the people only it named', async () => {
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/documents/${docs.get('letter-1885.txt')}`,
      headers: { authorization: `Bearer ${aliceToken}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const event = {
      specversion: '1.0' as const,
      id: newObjectId(),
      type: 'document.deleted',
      source: '/services/documents',
      time: new Date().toISOString(),
      datacontenttype: 'application/json' as const,
      data: { documentId: docs.get('letter-1885.txt'), ownerId: alice, deletedAt: new Date().toISOString() },
    };
    expect(await onDocumentEvent(h.deps, event)).toBe(true);
    const [thomas] = await byName('Thomas Whitfield');
    expect(thomas!.documentCount).toBe(4);
  });
});
