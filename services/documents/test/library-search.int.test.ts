import { LibrarySearchResponse } from '@gnology/contracts';
import { newObjectId } from '@gnology/platform/ids';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SULLIVAN_OBITUARY, WHITFIELD_CERTIFICATE } from './fixtures/texts';
import { seedDocument } from './helpers/library';
import { type DocumentsHarness, startDocuments } from './helpers/service';

const INTERNAL = { 'x-internal-token': 'test-internal-token-0123456789' };

/** POST /internal/documents/search (issue 16, decision 0170): the pages of one user's library that answer a question. */
describe('library search', () => {
  let h: DocumentsHarness;
  const alice = newObjectId();
  const bob = newObjectId();
  let certificate: string;
  let bobsCopy: string;
  const search = async (userId: string, query: string, extra: Record<string, unknown> = {}) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/internal/documents/search',
      headers: INTERNAL,
      payload: { userId, query, limit: 5, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    return LibrarySearchResponse.parse(res.json()).passages;
  };

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    const db = h.deps.database.db;
    // Distractors with similar names: another John Whitfield, a Henry Whitfield, Whitfields of another county.
    await seedDocument(db, {
      ownerId: alice,
      name: 'whitfield-baptism-1834.txt',
      pages: [
        'Baptism. John Whitfield, son of William Whitfield and Ann Whitfield, baptised 4 May 1834 at Halifax, Yorkshire.',
      ],
    });
    await seedDocument(db, {
      ownerId: alice,
      name: 'henry-whitfield-death.txt',
      pages: [
        'Death of Henry Whitfield, farmer, aged 71, at Durham on 9 November 1901. Informant: his son Thomas Whitfield.',
      ],
    });
    await seedDocument(db, {
      ownerId: alice,
      name: 'census-1880-wake.txt',
      pages: [
        '1880 census, Wake County, North Carolina. Dwelling 112: Cole, Robert, 52, farmer; Cole, Susan, 48, wife; Cole, Sarah E., 16, daughter.',
      ],
    });
    await seedDocument(db, { ownerId: alice, name: 'sullivan-obituary.txt', pages: [SULLIVAN_OBITUARY] });
    certificate = await seedDocument(db, { ownerId: alice, name: 'marriage.png', pages: WHITFIELD_CERTIFICATE });
    // Bob holds the same certificate: it must never reach Alice, nor hers him.
    bobsCopy = await seedDocument(db, {
      ownerId: bob,
      name: 'bob-whitfield-marriage.txt',
      pages: WHITFIELD_CERTIFICATE,
    });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('ranks the certificate first, at the page that names John Henry Whitfield, among similar names', async () => {
    const passages = await search(alice, 'Who were the parents of John Henry Whitfield and when did he marry?');
    expect(passages[0]).toMatchObject({ documentId: certificate, originalName: 'marriage.png', pageNumber: 2 });
    expect(passages[0]!.snippet).toContain('John Henry Whitfield');
    expect(passages[0]!.text).toContain('son of Thomas Whitfield and Mary Ann Whitfield');
    expect(passages.every((p) => p.documentId !== bobsCopy)).toBe(true);
  });

  it('finds names across accents and spelling traditions (unaccent, surname equivalents)', async () => {
    const db = h.deps.database.db;
    const mueller = await seedDocument(db, {
      ownerId: alice,
      name: 'taufe-1852.txt',
      pages: ['Taufregister Kassel 1852: Johann Müller, Sohn des Heinrich Müller, getauft am 3. März 1852.'],
    });
    expect((await search(alice, 'When was Johann Muller baptised?'))[0]?.documentId).toBe(mueller);
    expect((await search(alice, 'Anything on John Miller from Kassel?'))[0]?.documentId).toBe(mueller);
  });

  it("never returns another user's documents, and leaves out the dropped ones", async () => {
    const forBob = await search(bob, 'John Henry Whitfield marriage');
    expect(forBob.map((p) => p.documentId)).toEqual([bobsCopy, bobsCopy].slice(0, forBob.length));
    const stranger = await search(newObjectId(), 'John Henry Whitfield marriage Sullivan obituary');
    expect(stranger).toEqual([]);
    const dropped = await search(alice, 'John Henry Whitfield marriage', { excludeDocumentIds: [certificate] });
    expect(dropped.some((p) => p.documentId === certificate)).toBe(false);
  });

  it('is internal only', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/internal/documents/search',
      payload: { userId: alice, query: 'Whitfield' },
    });
    expect(res.statusCode).toBe(404);
  });
});
