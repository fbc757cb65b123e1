import { PeopleHintsResponse, PeopleListResponse } from '@gnology/contracts';
import { INTERNAL_HEADER } from '@gnology/platform/http/internal';
import { newObjectId } from '@gnology/platform/ids';
import { startWorkers } from '@gnology/platform/jobs/registry';
import { requireInfra } from '@gnology/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookMaterial } from '../../research/src/domain/book-material';
import type { Block } from '../../research/src/domain/manuscript';
import { writeRegister } from '../../research/src/domain/register-narrative';
import type { BookMaterialWire } from '../src/people/domain/book-material/types';
import { gedcomImportJob } from '../src/people/jobs/gedcom-import';
import { updatePeopleIndex } from '../src/people/use-cases/update-people-index';
import { WHITFIELD_FAMILY } from './fixtures/family';
import { KENNEDY_CERTIFICATE, KENNEDY_GED } from './fixtures/gedcom/kennedy';
import { seedRecord } from './helpers/people';
import { insertCompletedDocument } from './helpers/seed';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { treeImports } from './helpers/tree-import';

/**
 * The book's material (issue 33, decision 0234) through the documents service on real Postgres:
 * the Whitfields read from five documents into the people index, a gallery photo tagging two of
 * them, and the Kennedy excerpt of pres2020.ged imported as a tree. One owner's rows only.
 */
describe('POST /internal/book-material', () => {
  let h: DocumentsHarness;
  const alice = newObjectId();
  const bob = newObjectId();
  const ids = new Map<string, string>();
  const photoId = newObjectId();
  const material = (userId: string, body: Record<string, unknown> = {}, secret?: string) =>
    h.app.inject({
      method: 'POST',
      url: '/internal/book-material',
      payload: { userId, ...body },
      headers: { [INTERNAL_HEADER]: secret ?? h.deps.config.INTERNAL_TOKEN },
    });

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    const running = await startWorkers(h.deps.queue, [gedcomImportJob(h.deps)]);
    const aliceToken = await h.token(alice);
    const db = h.deps.database.db;
    for (const [name, text] of Object.entries(WHITFIELD_FAMILY)) await seedRecord(db, { ownerId: alice, name, text });
    // A gallery photo, 2400 × 1800, tagging John Henry and his father.
    const jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#886644' } })
      .jpeg()
      .toBuffer();
    await h.deps.storage.put(`test/${photoId}.jpg`, jpeg, { contentType: 'image/jpeg' });
    // Written as processing leaves a photo: the seed's row, then what makes it an image of that size.
    await insertCompletedDocument(db, {
      id: photoId,
      ownerId: alice,
      name: 'whitfields-1885.jpg',
      pages: [''],
      entities: {
        documentType: 'photo',
        peopleIdentified: [
          { name: 'John Henry Whitfield', role: 'primary_subject' },
          { name: 'Thomas Whitfield', role: 'parent' },
        ],
        dateInfo: [{ original: '1885', normalized: '1885', qualifier: 'about', year: 1885 }],
        geographicalInfo: [{ name: 'Raleigh', kind: 'city' }],
        occupations: [],
        tags: [],
      } as unknown as Parameters<typeof insertCompletedDocument>[1]['entities'],
    });
    await db
      .updateTable('documents')
      .set({ kind: 'jpeg', mimetype: 'image/jpeg', size: jpeg.length, storage_key: `test/${photoId}.jpg` })
      .where('id', '=', photoId)
      .execute();
    await db
      .updateTable('document_pages')
      .set({ width: 2400, height: 1800 })
      .where('document_id', '=', photoId)
      .execute();
    await updatePeopleIndex(db, alice, { kind: 'rebuild' });
    const rec = await treeImports(() => h).importFile(aliceToken, 'kennedy-pres2020.ged', KENNEDY_GED);
    expect(rec).toMatchObject({ status: 'completed' });
    const people = PeopleListResponse.parse(
      (
        await h.app.inject({ method: 'GET', url: '/api/people', headers: { authorization: `Bearer ${aliceToken}` } })
      ).json(),
    ).individuals;
    for (const p of people) ids.set(`${p.origin}:${p.name}`, p.id);
    return () => running.close();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  const asWritten = (m: BookMaterialWire): BookMaterial => ({
    ...m,
    photos: m.photos.map((p) => ({ ...p, image: new Uint8Array() })),
    chart: null,
  });
  const paragraphs = (blocks: Block[]) =>
    blocks.flatMap((b) =>
      b.kind === 'paragraph' ? [b.runs.map((r) => r.text + (r.note ? `[${r.note}]` : '')).join('')] : [],
    );

  it('gathers a documents person’s family: events cited to their documents, conflicts, the photo, the chart', async () => {
    const john = ids.get('documents:John Henry Whitfield')!;
    const res = await material(alice, { rootIndividualId: john, generations: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json() as BookMaterialWire;
    expect([m.rootId, m.rootChosen, m.generations]).toEqual([john, 'asked', 3]);
    expect(m.people.map((p) => [p.name, p.generation, p.direct])).toEqual([
      ['John Henry Whitfield', 0, true],
      ['Sarah Elizabeth Cole', 0, false],
      ['Thomas Whitfield', 1, true],
      ['Mary Ann Whitfield', 1, true],
    ]);
    // Every fact cites at least one record, and every record cited is in the sources with its citation.
    const cited = new Set(m.sources.map((s) => s.id));
    for (const p of m.people)
      for (const e of p.events) {
        expect(e.sources.length).toBeGreaterThan(0);
        for (const s of e.sources) expect(cited.has(s)).toBe(true);
      }
    const citation = (file: string) => m.sources.find((s) => s.citation.includes(`"${file}"`))!;
    expect(citation('john-birth-1862.txt').citation).toMatch(
      /^Birth certificate, John Henry Whitfield, 2 March 1862, Raleigh, North Carolina, United States; digital file "john-birth-1862.txt", uploaded to GNology \d{1,2} \w+ \d{4}\.$/,
    );
    const johnEvents = m.people[0]!.events;
    expect(johnEvents.find((e) => e.kind === 'birth' && e.date?.qualifier === 'exact')).toEqual({
      kind: 'birth',
      date: { normalized: '1862-03-02', qualifier: 'exact' },
      place: 'Raleigh',
      detail: null,
      sources: [citation('john-birth-1862.txt').id],
      origin: 'documents',
    });
    // The census's age gives an estimate, which the book says as "about".
    expect(johnEvents.find((e) => e.kind === 'birth' && e.date?.qualifier === 'about')?.date).toEqual({
      normalized: '1862',
      qualifier: 'about',
    });
    expect(johnEvents.find((e) => e.kind === 'marriage')?.spouseId).toBe(ids.get('documents:Sarah Elizabeth Cole'));
    const thomas = m.people.find((p) => p.name === 'Thomas Whitfield')!;
    expect(thomas.conflicts).toHaveLength(1);
    expect(thomas.conflicts[0]!.kind).toBe('birth_years');
    expect(new Set(thomas.conflicts[0]!.sources)).toEqual(
      new Set([citation('thomas-obituary-1890.txt').id, citation('census-1880-raleigh.txt').id]),
    );
    expect(m.photos).toEqual([
      {
        id: photoId,
        caption: 'About 1885, Raleigh',
        people: [
          { id: john, name: 'John Henry Whitfield' },
          { id: thomas.id, name: 'Thomas Whitfield' },
        ],
        mime: 'image/jpeg',
        width: 1600,
        height: 1200,
      },
    ]);
    expect(m.chart?.title).toBe('Pedigree of John Henry Whitfield');
    expect(m.chart?.svg).toContain('>Thomas Whitfield<');
    expect(Buffer.from(m.chart!.pdfBase64!, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // The register writes it as sentences with their notes.
    const book = writeRegister(asWritten(m), { title: 'The Whitfields', generations: 3 });
    expect(paragraphs(book.chapters[0]!.blocks)[0]).toBe(
      '1. John Henry Whitfield, son of Thomas Whitfield and Mary Ann Whitfield,[1] was born on 2 March 1862 at Raleigh.[2] Another record gives his birth as about 1862.[3]',
    );
    expect(paragraphs(book.chapters[1]!.blocks)[1]).toBe(
      'His wife was Mary Ann Whitfield.[6] His occupation was recorded as farmer on 2 March 1862 at Raleigh,[2] in 1880 in Wake County[3] and on 3 January 1890 at Raleigh.[5] He was living in Wake County in 1880.[3]',
    );
    expect(book.chapters[0]!.blocks.filter((b) => b.kind === 'photo')).toHaveLength(1);
  });

  it('picks the most documented person when no root is asked, with the descendants the index holds', async () => {
    const res = await material(alice, { generations: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json() as BookMaterialWire;
    expect([m.rootId, m.rootChosen]).toEqual([ids.get('documents:Thomas Whitfield'), 'default']);
    expect(m.people.map((p) => [p.name, p.generation])).toEqual([
      ['Thomas Whitfield', 0],
      ['Mary Ann Whitfield', 0],
      ['John Henry Whitfield', -1],
      ['James Whitfield', -1],
      ['Sarah Elizabeth Cole', -1],
    ]);
  });

  it('gathers a tree person’s family from the imported file, each claim cited to the file’s source or record', async () => {
    const jfk = ids.get('tree:John Fitzgerald Kennedy')!;
    const res = await material(alice, { rootIndividualId: jfk, generations: 4 });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json() as BookMaterialWire;
    expect(m.people).toHaveLength(10);
    expect(m.people.slice(0, 4).map((p) => p.name)).toEqual([
      'John Fitzgerald Kennedy',
      'Jacqueline Lee Bouvier',
      'Joseph Patrick Kennedy I',
      'Rose Elizabeth Fitzgerald',
    ]);
    expect(m.sources).toHaveLength(16);
    expect(m.people[0]!.events.find((e) => e.kind === 'birth')).toEqual({
      kind: 'birth',
      date: { normalized: '1917-05-29', qualifier: 'exact' },
      place: 'Brookline, Norfolk, Massachusetts, USA',
      detail: null,
      sources: [expect.stringContaining('tree:kennedy-pres2020.ged:@S35@')],
      origin: 'tree',
    });
    expect(m.photos).toEqual([]);
    expect(m.chart?.svg).toContain('>Rose Elizabeth Fitzgerald<');
    const book = writeRegister(asWritten(m), { title: 'The Kennedys', generations: 4 });
    expect(book.notes).toHaveLength(17);
  });

  it('gives a tree person linked to a document by an accepted hint the document’s facts too, cited to it', async () => {
    const carol = newObjectId();
    const token = await h.token(carol);
    const auth = { authorization: `Bearer ${token}` };
    const db = h.deps.database.db;
    const certificate = await seedRecord(db, {
      ownerId: carol,
      name: 'kennedy-death-1963.txt',
      text: KENNEDY_CERTIFICATE,
    });
    await updatePeopleIndex(db, carol, { kind: 'documents', documentIds: [certificate] });
    await treeImports(() => h).importFile(token, 'kennedy-pres2020.ged', KENNEDY_GED);
    const hints = PeopleHintsResponse.parse(
      (await h.app.inject({ method: 'GET', url: '/api/people/hints', headers: auth })).json(),
    ).hints;
    const president = hints.find((x) => x.nameAsWritten === 'John Fitzgerald Kennedy')!;
    const indexed = PeopleListResponse.parse(
      (await h.app.inject({ method: 'GET', url: '/api/people', headers: auth })).json(),
    ).individuals.find((p) => p.origin === 'documents' && p.name === 'John Fitzgerald Kennedy')!;
    const accepted = await h.app.inject({
      method: 'POST',
      url: `/api/people/hints/${president.id}/accept`,
      headers: auth,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    // Asked by the document person's id, the book is about the tree person, as the chart draws them.
    const res = await material(carol, { rootIndividualId: indexed.id, generations: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json() as BookMaterialWire;
    expect(m.rootId).toBe(president.individualId);
    const deaths = m.people[0]!.events.filter((e) => e.kind === 'death');
    // The tree's claim and the index's reading of the certificate, each as its source gives it.
    expect(deaths.map((e) => [e.origin, e.date?.normalized])).toEqual([
      ['tree', '1963-11-22'],
      ['documents', '1963-11-22'],
    ]);
    const cited = m.sources.find((s) => s.id === deaths[1]!.sources[0])!;
    expect(cited.citation).toMatch(/^Death certificate, John Fitzgerald Kennedy.*"kennedy-death-1963\.txt"/);
  });

  it('is one owner’s: another user’s person, an unknown or malformed id and a wrong secret are 404; bad generations 400', async () => {
    const john = ids.get('documents:John Henry Whitfield')!;
    expect((await material(bob, { rootIndividualId: john })).statusCode).toBe(404);
    expect((await material(bob, { rootIndividualId: ids.get('tree:John Fitzgerald Kennedy') })).statusCode).toBe(404);
    const empty = await material(bob);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().error).toBe('There is no one in the people index yet to write a book about');
    expect((await material(alice, { rootIndividualId: 'not-a-person' })).statusCode).toBe(404);
    expect((await material(alice, { rootIndividualId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await material(alice, { rootIndividualId: john }, 'x'.repeat(32))).statusCode).toBe(404);
    expect((await material(alice, { generations: 0 })).statusCode).toBe(400);
    expect((await material(alice, { generations: 11 })).statusCode).toBe(400);
  });

  it('serves a tagged photo upright and at most 1600 px as JPEG, to its owner only', async () => {
    const photo = (userId: string, id = photoId) =>
      h.app.inject({
        method: 'GET',
        url: `/internal/book-material/photos/${id}?userId=${userId}`,
        headers: { [INTERNAL_HEADER]: h.deps.config.INTERNAL_TOKEN },
      });
    const res = await photo(alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect([res.headers['x-image-width'], res.headers['x-image-height']]).toEqual(['1600', '1200']);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 1200]);
    expect((await photo(bob)).statusCode).toBe(404);
    expect((await photo(alice, newObjectId())).statusCode).toBe(404);
    expect((await photo(alice, 'nope')).statusCode).toBe(404);
  });
});
