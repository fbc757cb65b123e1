import { ImportListResponse, IndividualDetail, PeopleListResponse } from '@gnology/contracts';
import { newObjectId } from '@gnology/platform/ids';
import { startWorkers } from '@gnology/platform/jobs/registry';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anselFile,
  GEDCOM7,
  gedzip,
  generatedTree,
  REMARRIAGE_551,
  REMARRIAGE_COUNTS,
  utf16File,
} from '../../../shared/genealogy/test/fixtures/gedcom-samples';
import { gedcomImportJob } from '../src/people/jobs/gedcom-import';
import { updatePeopleIndex } from '../src/people/use-cases/update-people-index';
import { seedRecord } from './helpers/people';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { treeImports } from './helpers/tree-import';

/**
 * GEDCOM import (issue 32) on real Postgres, Redis and storage, the import job run by a worker:
 * every file is one the tests write (ANSEL, UTF-16, CONC/CONT, GEDCOM 7 in a GEDZIP, unknown tags,
 * a remarriage); counts after import equal the file's; undo removes all of it; owners only.
 */
describe('GEDCOM import', () => {
  let h: DocumentsHarness;
  const alice = newObjectId();
  const bob = newObjectId();
  let aliceToken: string;
  let bobToken: string;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = (url: string, token: string) => h.app.inject({ method: 'GET', url, headers: auth(token) });

  const { upload, importFile } = treeImports(() => h);

  const people = async (token: string, q = '') =>
    PeopleListResponse.parse((await get(`/api/people${q ? `?q=${encodeURIComponent(q)}` : ''}`, token)).json())
      .individuals;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    const running = await startWorkers(h.deps.queue, [gedcomImportJob(h.deps)]);
    aliceToken = await h.token(alice);
    bobToken = await h.token(bob);
    // One person read from a document, to show both origins side by side.
    await seedRecord(h.deps.database.db, {
      ownerId: alice,
      name: 'letter.txt',
      text: 'Boston, 2 May 1901\nDear Edith,\nUncle Walter Pryce is well.\nYour cousin, Agnes Pryce',
    });
    await updatePeopleIndex(h.deps.database.db, alice, { kind: 'rebuild' });
    return () => running.close();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('imports a 5.5.1 tree with a remarriage: counts equal the file, people listed with origin "tree", facts keep sources and notes', async () => {
    const rec = await importFile(aliceToken, 'whitfield.ged', REMARRIAGE_551);
    expect(rec).toMatchObject({
      status: 'completed',
      fileName: 'whitfield.ged',
      version: '5.5.1',
      ...REMARRIAGE_COUNTS,
    });
    expect(rec.warnings.join('\n')).toMatch(/Kept as notes: .*_MILT/);

    const list = await people(aliceToken);
    const tree = list.filter((p) => p.origin === 'tree');
    expect(tree.map((p) => p.name).sort()).toEqual([
      'Ann Pryce',
      'Edith Whitfield',
      'John Henry Whitfield',
      'Mary Cole',
      'Thomas Whitfield',
    ]);
    expect(list.filter((p) => p.origin === 'documents').length).toBeGreaterThan(0);
    // One list, one order: by surname (Cole, Pryce..., Whitfield).
    expect(list.map((p) => p.name).indexOf('Mary Cole')).toBeLessThan(list.map((p) => p.name).indexOf('Ann Pryce'));
    expect((await people(aliceToken, 'whitfield')).filter((p) => p.origin === 'tree')).toHaveLength(3);

    const thomas = tree.find((p) => p.name === 'Thomas Whitfield')!;
    expect(thomas).toMatchObject({ sex: 'M', birthYear: 1820, deathYear: 1890, documentCount: 0 });
    const res = await get(`/api/people/${thomas.id}`, aliceToken);
    expect(res.statusCode, res.body).toBe(200);
    const detail = IndividualDetail.parse(res.json());
    expect(detail.individual.origin).toBe('tree');
    expect(detail.evidence).toEqual([]); // a tree fact is a claim, not document evidence
    expect(detail.tree).toMatchObject({ importId: rec.importId, fileName: 'whitfield.ged', xref: '@I1@' });
    expect(detail.tree!.facts.find((f) => f.tag === 'BIRT')).toEqual({
      tag: 'BIRT',
      label: 'Birth',
      date: 'ABT 1820',
      place: 'Raleigh, Wake, North Carolina, USA',
      value: null,
      citations: [{ title: 'Wake County Baptisms, 1800-1850', page: 'p. 12, entry 4', text: null }],
      notes: [],
    });
    expect(detail.tree!.notes).toContain('_MILT: Served in the 14th Regiment\n  DATE: 1862');
    expect(detail.tree!.notes.some((n) => n.includes('known to everyone in the parish.\nHe could not'))).toBe(true);
    expect(detail.relatives.map((r) => [r.relation, r.name])).toEqual([
      ['spouse', 'Ann Pryce'],
      ['spouse', 'Mary Cole'],
      ['child', 'Edith Whitfield'],
      ['child', 'John Henry Whitfield'],
    ]);
    const edith = IndividualDetail.parse(
      (await get(`/api/people/${tree.find((p) => p.name === 'Edith Whitfield')!.id}`, aliceToken)).json(),
    );
    expect(edith.relatives.map((r) => [r.relation, r.name])).toEqual([
      ['parent', 'Ann Pryce'],
      ['parent', 'Thomas Whitfield'],
    ]);
    // Siblings are children of one family: John Henry, Mary's son, is Edith's half-brother, not listed as a sibling.

    // Owners only: Bob sees nothing of it, every id is 404 to him.
    expect((await get(`/api/people/imports/${rec.importId}`, bobToken)).statusCode).toBe(404);
    expect((await get(`/api/people/${thomas.id}`, bobToken)).statusCode).toBe(404);
    expect(await people(bobToken)).toEqual([]);
    const bobUndo = await h.app.inject({
      method: 'DELETE',
      url: `/api/people/imports/${rec.importId}`,
      headers: auth(bobToken),
    });
    expect(bobUndo.statusCode).toBe(404);
    expect((await get('/api/people/imports/not-an-id', aliceToken)).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: `/api/people/imports/${rec.importId}` })).statusCode).toBe(401);
    expect(ImportListResponse.parse((await get('/api/people/imports', aliceToken)).json()).imports[0]!.importId).toBe(
      rec.importId,
    );
  });

  it('documents its routes in OpenAPI', async () => {
    const spec = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(spec.paths['/api/people/import'])).toEqual(['post']);
    expect(Object.keys(spec.paths['/api/people/imports/{importId}']).sort()).toEqual(['delete', 'get']);
    expect(spec.paths['/api/people/imports']).toBeDefined();
  });

  it('undoes an import as a whole', async () => {
    const rec = await importFile(aliceToken, 'undo-me.ged', REMARRIAGE_551.replace(/Whitfield/g, 'Undone'));
    expect(rec.status).toBe('completed');
    const before = (await people(aliceToken)).filter((p) => p.name.endsWith('Undone'));
    expect(before).toHaveLength(3);
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/people/imports/${rec.importId}`,
      headers: auth(aliceToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await people(aliceToken)).filter((p) => p.name.endsWith('Undone'))).toEqual([]);
    expect((await get(`/api/people/${before[0]!.id}`, aliceToken)).statusCode).toBe(404);
    expect((await get(`/api/people/imports/${rec.importId}`, aliceToken)).statusCode).toBe(404);
    const db = h.deps.database.db;
    for (const table of ['tree_individuals', 'tree_families', 'tree_sources'] as const) {
      const left = await db.selectFrom(table).select('id').where('import_id', '=', rec.importId).execute();
      expect(left, table).toEqual([]);
    }
    // The first import is untouched.
    expect((await people(aliceToken)).filter((p) => p.origin === 'tree')).toHaveLength(5);
  });

  it('keeps the file name as a safe display name (no path, no bidirectional controls)', async () => {
    const rec = await importFile(bobToken, 'C:\\trees\\smith\u202Edeg.ged', GEDCOM7);
    expect(rec.fileName).toBe('smithdeg.ged');
  });

  it('reads ANSEL, UTF-16 and GEDCOM 7 in a GEDZIP', async () => {
    const ansel = await importFile(bobToken, 'ansel.ged', anselFile());
    expect(ansel).toMatchObject({ status: 'completed', individuals: 1 });
    expect((await people(bobToken)).map((p) => p.name)).toContain('José Łukasiewicz Müller');

    const utf16 = await importFile(bobToken, 'unicode.ged', utf16File());
    expect(utf16).toMatchObject({ status: 'completed', individuals: 1, version: '5.5.5' });
    expect((await people(bobToken)).map((p) => p.name)).toContain('Zoë Ærø');

    const seven = await importFile(bobToken, 'martin.gdz', gedzip(GEDCOM7));
    expect(seven).toMatchObject({ status: 'completed', version: '7.0', individuals: 2, families: 1, sources: 1 });
    const alex = (await people(bobToken, 'alex')).find((p) => p.origin === 'tree')!;
    const detail = IndividualDetail.parse((await get(`/api/people/${alex.id}`, bobToken)).json());
    expect(detail.relatives).toEqual([expect.objectContaining({ name: 'Sam Martin', relation: 'spouse' })]);
    expect(detail.tree!.facts[0]).toMatchObject({ date: 'JULIAN 1 JAN 1700' });
  });

  it('refuses a file that is not GEDCOM with a clear error, and fails a GEDZIP that is a zip bomb', async () => {
    const pdf = await upload(aliceToken, 'scan.ged', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error).toMatch(/not a GEDCOM file: it is a PDF file/);
    const csv = await upload(aliceToken, 'people.csv', 'Name,Born\nThomas,1820\n');
    expect(csv.statusCode).toBe(400);
    expect(csv.json().error).toMatch(/not a GEDCOM file/);
    const photos = Buffer.from(gedzip('x', {}).toString('latin1').split('gedcom.ged').join('photo1.jpg'), 'latin1');
    const zip = await upload(aliceToken, 'photos.zip', photos);
    expect(zip.statusCode).toBe(400);
    expect(zip.json().error).toMatch(/not a GEDZIP: it holds no gedcom.ged/);
    const field = await upload(aliceToken, 'tree.ged', REMARRIAGE_551, 'document');
    expect(field.statusCode).toBe(400);
    expect(field.json().error).toMatch(/form field "file"/);

    // A GEDZIP whose gedcom.ged inflates past the budget: refused by the job, not by memory.
    const bomb = gedzip(Buffer.alloc(210 * 1024 * 1024, 0x30), {});
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const failed = await importFile(aliceToken, 'bomb.gdz', bomb);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/zip bomb/);
    // A GEDZIP holding something else.
    const other = await importFile(aliceToken, 'other.gdz', gedzip('%PDF-1.7 not a tree'));
    expect(other).toMatchObject({ status: 'failed', individuals: 0 });
    expect(other.error).toMatch(/not a GEDCOM file/);
  });

  it('imports a generated 3,000-person file in under 30 s', async () => {
    const user = newObjectId();
    const token = await h.token(user);
    const started = Date.now();
    const rec = await importFile(token, 'big.ged', generatedTree(3000));
    const seconds = (Date.now() - started) / 1000;
    expect(rec).toMatchObject({ status: 'completed', individuals: 3000, families: 750, sources: 1 });
    expect(seconds).toBeLessThan(30);
    const listStarted = performance.now();
    expect(await people(token)).toHaveLength(3000);
    console.info(
      `3,000-person import: ${seconds.toFixed(2)} s; list: ${(performance.now() - listStarted).toFixed(0)} ms`,
    );
  }, 60_000);
});
