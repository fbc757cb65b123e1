import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PeopleHintsResponse, PeopleListResponse } from '@gnology/contracts';
import { newObjectId } from '@gnology/platform/ids';
import { startWorkers } from '@gnology/platform/jobs/registry';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gedcomImportJob } from '../src/people/jobs/gedcom-import';
import { updatePeopleIndex } from '../src/people/use-cases/update-people-index';
import { KENNEDY_CERTIFICATE, KENNEDY_GED } from './fixtures/gedcom/kennedy';
import { grampsImport } from './helpers/gedcom-tools';
import { seedRecord } from './helpers/people';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { treeImports } from './helpers/tree-import';

/*
 * The export after an accepted hint (issue 32, decisions 0228 and 0230): the President named by a
 * death certificate and by the imported Kennedy tree is one person on the People page (origin
 * 'both'), and so one INDI in the GEDCOM file, the tree's record with the certificate cited on it;
 * Gramps reads it without errors, with as many people as the page lists.
 */

const records = (text: string, tag: string) =>
  text.split('\n').filter((l) => new RegExp(`^0 @[^@]+@ ${tag}$`).test(l)).length;

describe('GEDCOM export of a person linked by an accepted hint', () => {
  let h: DocumentsHarness;
  let dir: string;
  let close: () => Promise<void>;
  const alice = newObjectId();
  let token: string;
  const auth = () => ({ authorization: `Bearer ${token}` });
  const get = (url: string) => h.app.inject({ method: 'GET', url, headers: auth() });

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    const workers = await startWorkers(h.deps.queue, [gedcomImportJob(h.deps)]);
    close = () => workers.close();
    dir = await mkdtemp(path.join(tmpdir(), 'gedcom-linked-'));
    token = await h.token(alice);
    const db = h.deps.database.db;
    const certificate = await seedRecord(db, {
      ownerId: alice,
      name: 'kennedy-death-1963.txt',
      text: KENNEDY_CERTIFICATE,
    });
    await updatePeopleIndex(db, alice, { kind: 'documents', documentIds: [certificate] });
    const rec = await treeImports(() => h).importFile(token, 'kennedy-pres2020.ged', KENNEDY_GED);
    expect(rec.status, rec.error).toBe('completed');
    const hints = PeopleHintsResponse.parse((await get('/api/people/hints')).json()).hints;
    const president = hints.find((x) => x.nameAsWritten === 'John Fitzgerald Kennedy')!;
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/people/hints/${president.id}/accept`,
      headers: auth(),
    });
    expect(res.statusCode, res.body).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await close?.();
    await h?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes the linked person once, as the tree person citing the certificate, and Gramps agrees with the page', async () => {
    const listed = PeopleListResponse.parse((await get('/api/people')).json()).individuals;
    expect(listed.filter((p) => p.origin === 'both').map((p) => p.name)).toEqual(['John Fitzgerald Kennedy']);
    const res = await get('/api/people/export?format=gedcom-5.5.1');
    expect(res.statusCode, res.body).toBe(200);
    const text = res.body;
    expect(records(text, 'INDI')).toBe(listed.length);

    // One record of the President (born 1917): the tree's, with the certificate (the index's @S1@) cited on it.
    const indis = text.split(/\n(?=0 )/).filter((r) => / INDI\n/.test(r.split('\n')[0] + '\n'));
    const president = indis.filter((r) => r.includes('1 NAME John Fitzgerald /Kennedy/') && r.includes('1917'));
    expect(president).toHaveLength(1);
    expect(president[0]).toMatch(/^0 @TI\d+@ INDI/);
    const certificateSource = /^0 (@S\d+@) SOUR$/m.exec(text)?.[1];
    expect(certificateSource).toBeDefined();
    expect(president[0]).toContain(`SOUR ${certificateSource}`);

    const file = path.join(dir, 'linked-551.ged');
    writeFileSync(file, text);
    const gramps = grampsImport(file);
    expect(gramps.log).toContain('GEDCOM import report: No errors detected');
    expect(gramps).toMatchObject({
      people: listed.length,
      families: records(text, 'FAM'),
      sources: records(text, 'SOUR'),
    });
  }, 180_000);
});
