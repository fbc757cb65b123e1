import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PeopleListResponse } from '@gnology/contracts';
import { newObjectId } from '@gnology/platform/ids';
import { startWorkers } from '@gnology/platform/jobs/registry';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEDCOM7, REMARRIAGE_551 } from '../../../shared/genealogy/test/fixtures/gedcom-samples';
import { gedcomImportJob } from '../src/people/jobs/gedcom-import';
import { updatePeopleIndex } from '../src/people/use-cases/update-people-index';
import { grampsImport } from './helpers/gedcom-tools';
import { seedRecord } from './helpers/people';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { treeImports } from './helpers/tree-import';

/*
 * Issue 32's round trip on real Postgres, Redis and Gramps: a third-party file (Legacy's
 * basic.ged, fixtures/gedcom/SOURCES.md) and two the tests write (a remarriage with sources,
 * notes and a custom tag; a GEDCOM 7 same-sex couple) imported through POST /api/people/import
 * beside a person read from a document; then GET /api/people/export in both versions handed to
 * `gramps -i`: no errors, the same people, families and sources; unknown tags arrive as notes.
 */

const BASIC = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/gedcom/basic.ged'));

/** Level-0 records of a GEDCOM file by tag, optionally only xrefs with a prefix (@TI1@: a tree person). */
const records = (text: string, tag: string, prefix = '') =>
  text.split('\n').filter((l) => new RegExp(`^0 @${prefix}[^@]*@ ${tag}$`).test(l)).length;

/** The lines of Gramps' GEDCOM import report: "Line ignored as not understood  Line 16: 3 PHRASE …". */
const grampsComplaints = (log: string) =>
  [
    ...log
      .replace(/GEDCOM import report: \d+ errors? detected/g, '\n')
      .matchAll(/([A-Z][^\n]*?)\s+Line\s+\d+: ([^\n]*)/g),
  ].map((m) => `${m[1]!.trim()}: ${m[2]!.trim()}`);

describe('GEDCOM round trip: import, export, Gramps (issue 32)', () => {
  let h: DocumentsHarness;
  let dir: string;
  let close: () => Promise<void>;
  const alice = newObjectId();
  const bob = newObjectId();
  let aliceToken: string;
  let bobToken: string;
  const imported = { individuals: 0, families: 0, sources: 0 };
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = (url: string, token: string) => h.app.inject({ method: 'GET', url, headers: auth(token) });

  const { importFile } = treeImports(() => h);

  const exported = async (token: string, format: 'gedcom-5.5.1' | 'gedcom-7') => {
    const res = await get(`/api/people/export?format=${format}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    const workers = await startWorkers(h.deps.queue, [gedcomImportJob(h.deps)]);
    close = () => workers.close();
    dir = await mkdtemp(path.join(tmpdir(), 'gedcom-roundtrip-'));
    aliceToken = await h.token(alice);
    bobToken = await h.token(bob);
    // A person read from a document, so the export holds both kinds.
    await seedRecord(h.deps.database.db, {
      ownerId: alice,
      name: 'letter.txt',
      text: 'Boston, 2 May 1901\nDear Edith,\nUncle Walter Pryce is well.\nYour cousin, Agnes Pryce',
    });
    await updatePeopleIndex(h.deps.database.db, alice, { kind: 'rebuild' });
    // Three imports, each with its own @I1@ or @F1@: the export must keep them apart.
    for (const [name, content] of [
      ['basic.ged', BASIC],
      ['whitfield.ged', REMARRIAGE_551],
      ['martin.ged', GEDCOM7],
    ] as const) {
      const rec = await importFile(aliceToken, name, content);
      expect(rec.status, rec.error).toBe('completed');
      imported.individuals += rec.individuals;
      imported.families += rec.families;
      imported.sources += rec.sources;
    }
    expect(imported).toEqual({ individuals: 5 + 5 + 2, families: 2 + 2 + 1, sources: 0 + 2 + 1 });
  }, 120_000);
  afterAll(async () => {
    await close?.();
    await h?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('exports the tree people, families and sources beside the index, and Gramps imports the 5.5.1 file without errors with the same counts', async () => {
    const text = await exported(aliceToken, 'gedcom-5.5.1');
    expect(text.startsWith('0 HEAD\n')).toBe(true);
    expect(text).toContain('\n1 CHAR UTF-8\n');
    expect(text.endsWith('0 TRLR\n')).toBe(true);
    const listed = PeopleListResponse.parse((await get('/api/people', aliceToken)).json()).individuals;
    expect(listed.filter((p) => p.origin === 'tree')).toHaveLength(imported.individuals);
    expect(records(text, 'INDI')).toBe(listed.length);
    expect(records(text, 'INDI', 'TI')).toBe(imported.individuals);
    expect(records(text, 'FAM', 'TF')).toBe(imported.families);
    expect(records(text, 'SOUR', 'TS')).toBe(imported.sources);

    const file = path.join(dir, 'alice-551.ged');
    writeFileSync(file, text);
    const gramps = grampsImport(file);
    expect(grampsComplaints(gramps.log)).toEqual([]);
    expect(gramps.log).toContain('GEDCOM import report: No errors detected');
    expect(gramps).toMatchObject({
      people: records(text, 'INDI'),
      families: records(text, 'FAM'),
      sources: records(text, 'SOUR'),
    });
    // The tree's facts, sources and notes, and the unknown tags kept as notes, reach Gramps.
    expect(gramps.xml).toContain('<surname>Newton</surname>');
    expect(gramps.xml).toContain('<stitle>Wake County Baptisms, 1800-1850</stitle>');
    expect(gramps.xml).toContain('_UID: CCB4110C14954A9E9B08EC0E8BB604C4D497');
    expect(gramps.xml).toContain('_MILT: Served in the 14th Regiment');
    expect(gramps.xml).toContain('HUSB Wayne Newton, _PREF: Y');
    expect(gramps.xml).toContain('<dateval val="1952-01-02"/>');
  }, 180_000);

  it('exports GEDCOM 7 that Gramps reads with the same counts, complaining only that it does not support version 7', async () => {
    const text = await exported(aliceToken, 'gedcom-7');
    expect(text.replace(/^\uFEFF/, '').startsWith('0 HEAD\n1 GEDC\n2 VERS 7.0\n')).toBe(true);
    expect(text).not.toMatch(/ CONC /);
    expect(records(text, 'INDI', 'TI')).toBe(imported.individuals);
    const file = path.join(dir, 'alice-7.ged');
    writeFileSync(file, text);
    const gramps = grampsImport(file);
    // Gramps 5.1 reads GEDCOM 5.5.1; it says so about a 7.0 file and reads it all the same.
    expect(grampsComplaints(gramps.log)).toEqual(['GEDCOM version not supported: 2 VERS 7.0']);
    expect(gramps).toMatchObject({
      people: records(text, 'INDI'),
      families: records(text, 'FAM'),
      sources: records(text, 'SOUR'),
    });
    expect(gramps.xml).toContain('_WITNESS: Ruth Martin');
  }, 180_000);

  it('imports its own export again with the same counts', async () => {
    const text = await exported(aliceToken, 'gedcom-5.5.1');
    const again = await importFile(bobToken, 'alice-again.ged', text);
    const listed = PeopleListResponse.parse((await get('/api/people', aliceToken)).json()).individuals;
    // Everyone listed, the trees' families and sources and the index's own (one source: the letter).
    expect(again).toMatchObject({
      status: 'completed',
      individuals: listed.length,
      families: records(text, 'FAM'),
      sources: imported.sources + 1,
    });
    expect(records(text, 'FAM')).toBeGreaterThanOrEqual(imported.families);
    await h.app.inject({ method: 'DELETE', url: `/api/people/imports/${again.importId}`, headers: auth(bobToken) });
  }, 120_000);

  it("exports only the user's own trees", async () => {
    const bobs = await exported(bobToken, 'gedcom-5.5.1');
    expect(records(bobs, 'INDI')).toBe(0);
    expect(bobs).not.toContain('Newton');
    expect(bobs).not.toContain('Whitfield');
  });
});
