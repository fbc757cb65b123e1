import { HintDecisionResponse, IndividualDetail, PeopleHintsResponse, PeopleListResponse } from '@gnology/contracts';
import { newObjectId } from '@gnology/platform/ids';
import { startWorkers } from '@gnology/platform/jobs/registry';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedTree } from '../../../shared/genealogy/test/fixtures/gedcom-samples';
import { gedcomImportJob } from '../src/people/jobs/gedcom-import';
import { refreshAllHints } from '../src/people/use-cases/refresh-hints';
import { updatePeopleIndex } from '../src/people/use-cases/update-people-index';
import { KENNEDY_CERTIFICATE, KENNEDY_GED } from './fixtures/gedcom/kennedy';
import { seedRecord } from './helpers/people';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { treeImports } from './helpers/tree-import';

/**
 * Hints (issue 32) on real Postgres and Redis, the import job run by a worker: a third-party tree
 * and a certificate naming people of it; hints with reasons, accept (one person, origin 'both',
 * the certificate as evidence), reject remembered across a rebuild and a re-import; owners only.
 */
describe('people hints', () => {
  let h: DocumentsHarness;
  const alice = newObjectId();
  const bob = newObjectId();
  let aliceToken: string;
  let bobToken: string;
  let certificate: string;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = (url: string, token: string) => h.app.inject({ method: 'GET', url, headers: auth(token) });
  const post = (url: string, token: string) => h.app.inject({ method: 'POST', url, headers: auth(token) });
  const hints = async (token: string) =>
    PeopleHintsResponse.parse((await get('/api/people/hints', token)).json()).hints;
  const people = async (token: string) =>
    PeopleListResponse.parse((await get('/api/people', token)).json()).individuals;
  const person = async (token: string, id: string) =>
    IndividualDetail.parse((await get(`/api/people/${id}`, token)).json());

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    const running = await startWorkers(h.deps.queue, [gedcomImportJob(h.deps)]);
    aliceToken = await h.token(alice);
    bobToken = await h.token(bob);
    return () => running.close();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('a certificate naming people of the imported tree: hints with reasons, the namesakes told apart', async () => {
    const db = h.deps.database.db;
    certificate = await seedRecord(db, { ownerId: alice, name: 'kennedy-death-1963.txt', text: KENNEDY_CERTIFICATE });
    await updatePeopleIndex(db, alice, { kind: 'documents', documentIds: [certificate] });
    expect(await hints(aliceToken)).toEqual([]); // no tree yet

    const rec = await treeImports(() => h).importFile(aliceToken, 'kennedy-pres2020.ged', KENNEDY_GED);
    expect(rec).toMatchObject({ status: 'completed', individuals: 51, families: 9 });

    const list = await hints(aliceToken);
    const tree = (await people(aliceToken)).filter((p) => p.origin === 'tree');
    const treeId = (name: string, born: number) => tree.find((p) => p.name === name && p.birthYear === born)!.id;

    const president = list.find((x) => x.nameAsWritten === 'John Fitzgerald Kennedy')!;
    // The President (b. 1917), not his son John Fitzgerald Kennedy II (b. 1960).
    expect(president).toMatchObject({
      individualId: treeId('John Fitzgerald Kennedy', 1917),
      documentId: certificate,
      fileName: 'kennedy-death-1963.txt',
      treeName: 'John Fitzgerald Kennedy',
    });
    expect(president.reasons).toEqual(
      expect.arrayContaining([
        'Name: John Fitzgerald Kennedy = John Fitzgerald Kennedy',
        'Born 1917 in both',
        'Born in Brookline in both',
        'Died 1963 in both',
        'Father Joseph Patrick Kennedy in both',
        'Wife Jacqueline Lee Bouvier in both',
      ]),
    );
    expect(president.score).toBeGreaterThan(0.9);
    // The person the index made of the certificate's name: their page shows the hint too.
    const fromDocuments = (await people(aliceToken)).find(
      (p) => p.origin === 'documents' && p.name === 'John Fitzgerald Kennedy',
    )!;
    expect(president.documentPersonId).toBe(fromDocuments.id);

    // The father: three Joseph Patrick Kennedys in the tree; the son he and the tree give decides (the first).
    const father = list.find((x) => x.nameAsWritten === 'Joseph Patrick Kennedy')!;
    expect(father.individualId).toBe(treeId('Joseph Patrick Kennedy I', 1888));
    expect(father.reasons).toContain('Son John Fitzgerald Kennedy in both');
    // The informant: two Robert Francis Kennedys and nothing but the name: no hint.
    expect(list.find((x) => x.nameAsWritten === 'Robert Francis Kennedy')).toBeUndefined();
    expect(list.every((x) => x.reasons.length >= 2)).toBe(true);
  });

  it('documents its routes in OpenAPI', async () => {
    const spec = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(spec.paths['/api/people/hints'])).toEqual(['get']);
    expect(Object.keys(spec.paths['/api/people/hints/{id}/accept'])).toEqual(['post']);
    expect(Object.keys(spec.paths['/api/people/hints/{id}/reject'])).toEqual(['post']);
  });

  it('owners only: another user sees no hints and cannot decide one', async () => {
    const [one] = await hints(aliceToken);
    expect(await hints(bobToken)).toEqual([]);
    expect((await post(`/api/people/hints/${one!.id}/accept`, bobToken)).statusCode).toBe(404);
    expect((await post(`/api/people/hints/${one!.id}/reject`, bobToken)).statusCode).toBe(404);
    expect((await post('/api/people/hints/not-an-id/accept', aliceToken)).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/api/people/hints' })).statusCode).toBe(401);
    expect((await hints(aliceToken)).length).toBeGreaterThan(0);
  });

  it('accepting makes one person, origin "both": the tree claims and the certificate as evidence, apart', async () => {
    const president = (await hints(aliceToken)).find((x) => x.nameAsWritten === 'John Fitzgerald Kennedy')!;
    const res = await post(`/api/people/hints/${president.id}/accept`, aliceToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(HintDecisionResponse.parse(res.json())).toEqual({
      hint: { id: president.id, status: 'accepted' },
      individualId: president.individualId,
    });
    expect((await hints(aliceToken)).some((x) => x.id === president.id)).toBe(false);

    const named = (await people(aliceToken)).filter((p) => p.name === 'John Fitzgerald Kennedy');
    // One entry: the index's own individual is not listed beside the tree person.
    expect(named).toHaveLength(1);
    const both = named[0]!;
    expect(both.origin).toBe('both');
    expect(both).toMatchObject({ id: president.individualId, birthYear: 1917, documentCount: 1 });

    const detail = await person(aliceToken, president.individualId);
    expect(detail.individual.origin).toBe('both');
    expect(detail.evidence.map((e) => e.documentId)).toEqual([certificate]);
    expect(detail.tree?.fileName).toBe('kennedy-pres2020.ged');
    expect(detail.tree?.facts.find((f) => f.tag === 'BIRT')?.place).toBe('Brookline, Norfolk, Massachusetts, USA');
    expect(detail.timeline.some((t) => t.kind === 'death' && t.year === 1963)).toBe(true);
    // The father both name is listed once, as the tree names him; the tree's relatives come first.
    const parents = detail.relatives.filter((r) => r.relation === 'parent').map((r) => r.name);
    expect(parents).toContain('Joseph Patrick Kennedy I');
    expect(parents).not.toContain('Joseph Patrick Kennedy');
    // Accepting twice is the same decision.
    expect((await post(`/api/people/hints/${president.id}/accept`, aliceToken)).statusCode).toBe(200);
  });

  it('rejecting is remembered: not made again by a rebuild of the index, nor by importing the tree again', async () => {
    const db = h.deps.database.db;
    const father = (await hints(aliceToken)).find((x) => x.nameAsWritten === 'Joseph Patrick Kennedy')!;
    const res = await post(`/api/people/hints/${father.id}/reject`, aliceToken);
    expect(res.statusCode, res.body).toBe(200);
    expect((await post(`/api/people/hints/${father.id}/accept`, aliceToken)).statusCode).toBe(409);
    const open = async () => (await hints(aliceToken)).filter((x) => x.nameAsWritten === 'Joseph Patrick Kennedy');
    expect(await open()).toEqual([]);

    await updatePeopleIndex(db, alice, { kind: 'rebuild' });
    expect(await open()).toEqual([]);
    expect((await people(aliceToken)).filter((p) => p.origin === 'both').map((p) => p.name)).toEqual([
      'John Fitzgerald Kennedy',
    ]);

    // Undo the import and bring the same file in again: new tree ids, the decisions kept by key.
    const [imported] = (await get('/api/people/imports', aliceToken)).json().imports;
    expect(
      (
        await h.app.inject({
          method: 'DELETE',
          url: `/api/people/imports/${imported.importId}`,
          headers: auth(aliceToken),
        })
      ).statusCode,
    ).toBe(200);
    expect((await people(aliceToken)).some((p) => p.origin === 'both')).toBe(false);
    await treeImports(() => h).importFile(aliceToken, 'kennedy-pres2020.ged', KENNEDY_GED);
    expect(await open()).toEqual([]);
    const both = (await people(aliceToken)).filter((p) => p.origin === 'both');
    expect(both.map((p) => [p.name, p.birthYear, p.documentCount])).toEqual([['John Fitzgerald Kennedy', 1917, 1]]);
  });

  it('is cheap: 3,000 tree people of 30 surnames against 100 records naming 300 people, measured', async () => {
    const db = h.deps.database.db;
    const carol = newObjectId();
    const carolToken = await h.token(carol);
    const SURNAMES =
      'Whitfield Barnes Pryce Cole Hale Morgan Ashby Brennan Calloway Dunmore Ellery Fairbanks Garrick Holloway Ingram Jessop Kirkland Lowell Merriman Northcott Oakley Pendleton Quimby Rowntree Sutcliffe Thornbury Underhill Vickery Wetherby Yardley'.split(
        ' ',
      );
    const GIVEN = ['John', 'Mary', 'Thomas', 'Sarah', 'William', 'Ann', 'James'];
    const tree = generatedTree(3000).replace(
      /NAME Person(\d+) \/Family(\d+)\//g,
      (_, i: string, k: string) => `NAME ${GIVEN[Number(i) % 7]} /${SURNAMES[Number(k) % 30]}/`,
    );
    for (let i = 0; i < 100; i++) {
      const surname = SURNAMES[i % 30];
      await seedRecord(db, {
        ownerId: carol,
        name: `baptism-${i}.txt`,
        text: `REGISTER OF BAPTISMS — ST MARY, SPRINGFIELD\nNo. ${i}. John ${surname}, son of William ${surname} and Mary ${surname} his wife, born the tenth of March ${1700 + (i % 200)}, was baptized the seventeenth of March ${1700 + (i % 200)}.`,
      });
    }
    await updatePeopleIndex(db, carol, { kind: 'rebuild' });
    const rec = await treeImports(() => h).importFile(carolToken, 'generated.ged', tree);
    expect(rec.individuals).toBe(3000);
    const run = await refreshAllHints(db, carol);
    console.log(`hints: ${run.treePeople} tree people × ${run.mentions} mentions in ${run.ms} ms (${run.hints} hints)`);
    expect(run.treePeople).toBe(3000);
    expect(run.mentions).toBeGreaterThanOrEqual(300);
    expect(run.ms).toBeLessThan(5000);
  }, 180_000);
});
