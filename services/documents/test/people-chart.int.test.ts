import { PeopleHintsResponse, PeopleListResponse } from '@gnology/contracts';
import { newObjectId } from '@gnology/platform/ids';
import { startWorkers } from '@gnology/platform/jobs/registry';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_FAMILY_COUNTS, CHART_FAMILY_GED } from '../../../shared/genealogy/test/fixtures/gedcom-chart-family';
import { gedcomImportJob } from '../src/people/jobs/gedcom-import';
import { updatePeopleIndex } from '../src/people/use-cases/update-people-index';
import { WHITFIELD_FAMILY } from './fixtures/family';
import { KENNEDY_CERTIFICATE, KENNEDY_GED } from './fixtures/gedcom/kennedy';
import { seedRecord } from './helpers/people';
import { pdfInfo, pdfText } from './helpers/poppler';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { treeImports } from './helpers/tree-import';

/**
 * Family charts (issue 32, decision 0229) through the documents service on real Postgres and
 * Redis: a five-generation tree imported from GEDCOM by the import job, and a family read from
 * documents into the people index; SVG and PDF, owners only, bad parameters refused.
 */
describe('GET /api/people/:id/chart', () => {
  let h: DocumentsHarness;
  const alice = newObjectId();
  const bob = newObjectId();
  let aliceToken: string;
  let bobToken: string;
  const ids = new Map<string, string>();
  const get = (url: string, token: string) =>
    h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const chart = (name: string, query: string, token = aliceToken) =>
    get(`/api/people/${ids.get(name)}/chart?${query}`, token);

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    const running = await startWorkers(h.deps.queue, [gedcomImportJob(h.deps)]);
    aliceToken = await h.token(alice);
    bobToken = await h.token(bob);
    const rec = await treeImports(() => h).importFile(aliceToken, 'chart-family.ged', CHART_FAMILY_GED);
    expect(rec).toMatchObject({ status: 'completed', ...CHART_FAMILY_COUNTS });
    const db = h.deps.database.db;
    for (const [name, text] of Object.entries(WHITFIELD_FAMILY)) await seedRecord(db, { ownerId: alice, name, text });
    await updatePeopleIndex(db, alice, { kind: 'rebuild' });
    const people = PeopleListResponse.parse((await get('/api/people', aliceToken)).json()).individuals;
    for (const p of people) ids.set(`${p.origin}:${p.name}`, p.id);
    return () => running.close();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  const tree = (name: string) => `tree:${name}`;

  it('draws a tree person’s 5-generation pedigree as SVG: names, years, places, links, the collapse marked', async () => {
    const res = await chart(tree('Rose Whitfield'), 'kind=pedigree&generations=5&format=svg');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Rose Whitfield pedigree (5 generations).svg"; filename*=UTF-8''Rose%20Whitfield%20pedigree%20%285%20generations%29.svg`,
    );
    const svg = res.body;
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 [\d.]+ [\d.]+"/);
    expect(svg).toContain('<title id="chart-title">Pedigree of Rose Whitfield (5 generations)</title>');
    for (const name of [
      'Rose Whitfield',
      'Thomas Whitfield',
      'Margaret Ellis',
      'Henry Whitfield',
      'Walter Ellis',
      'Samuel Whitfield',
      'Mary Stone',
    ])
      expect(svg).toContain(`>${name}<`);
    expect(svg).toContain('>1920–1990<');
    expect(svg).toContain('>b. 1950<');
    expect(svg).toContain('Raleigh, Wake, North Carolina, USA');
    // Escaped text: the place with an ampersand and apostrophes.
    expect(svg).toContain('St. Mary&apos;s &amp; St. John&apos;s');
    expect(svg).not.toMatch(/St\. Mary's & /);
    // Josiah Dunn is Clara's and Agnes's father: twice, the second marked.
    expect(svg.match(/<title>Josiah Dunn, 1865–1935, Chatham, North Carolina( \(shown again\))?<\/title>/g)).toEqual([
      '<title>Josiah Dunn, 1865–1935, Chatham, North Carolina</title>',
      '<title>Josiah Dunn, 1865–1935, Chatham, North Carolina (shown again)</title>',
    ]);
    expect(svg).toContain(`href="/people/${ids.get(tree('Thomas Whitfield'))}"`);
    // Jacob (generation 5) is beyond 4 generations.
    const four = (await chart(tree('Rose Whitfield'), 'kind=pedigree&generations=4')).body;
    expect(four).not.toContain('Jacob');
    expect(svg).toMatch(/Jacob (Ebenezer Montgomery|E\. M\.|E\. Montgomery) Whitfield/);
  });

  it('draws a fan chart and descendants with both marriages', async () => {
    const fan = await chart(tree('Rose Whitfield'), 'kind=fan&generations=5');
    expect(fan.statusCode, fan.body).toBe(200);
    expect(fan.body).toContain('data-kind="fan"');
    expect(fan.body).toContain('<title>Walter Ellis, 1891–1950, Cary, North Carolina</title>');
    expect(fan.body.match(/<path /g)!.length).toBeGreaterThanOrEqual(14);

    const desc = await chart(tree('Henry Whitfield'), 'kind=descendants&generations=4');
    expect(desc.statusCode, desc.body).toBe(200);
    for (const name of [
      'Clara Dunn',
      'Louisa Grant',
      'Thomas Whitfield',
      'Arthur Whitfield',
      'Rose Whitfield',
      'David Parker',
      'Emma Parker',
    ])
      expect(desc.body).toContain(`>${name}<`);
    const three = (await chart(tree('Henry Whitfield'), 'kind=descendants&generations=3')).body;
    expect(three).toContain('>Rose Whitfield<');
    expect(three).not.toContain('Emma Parker');
  });

  it('writes a PDF that poppler reads: one landscape A4 sheet with the names; Letter on request; an 8-generation fan on one sheet', async () => {
    const res = await chart(tree('Rose Whitfield'), 'kind=pedigree&generations=5&format=pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="Rose Whitfield pedigree (5 generations).pdf"');
    const pdf = res.rawPayload;
    expect(await pdfInfo(pdf)).toMatchObject({ pages: 1, width: 841.89, height: 595.28 });
    const text = await pdfText(pdf);
    expect(text).toContain('Pedigree of Rose Whitfield (5 generations)');
    for (const name of ['Rose Whitfield', 'Thomas Whitfield', 'Margaret Ellis', 'Josiah Dunn', 'Samuel Whitfield'])
      expect(text).toContain(name);
    expect(text).toContain('1920–1990');
    const letter = await chart(tree('Henry Whitfield'), 'kind=descendants&generations=4&format=pdf&paper=letter');
    expect(await pdfInfo(letter.rawPayload)).toMatchObject({ pages: 1, width: 792, height: 612 });
    expect(await pdfText(letter.rawPayload)).toContain('Louisa Grant');
    // A fan's names follow their wedges (turned text reads out of order); its title and centre are level.
    const fan = await chart(tree('Rose Whitfield'), 'kind=fan&generations=8&format=pdf');
    expect(await pdfInfo(fan.rawPayload)).toMatchObject({ pages: 1 });
    expect(await pdfText(fan.rawPayload)).toMatch(/Fan chart of Rose Whitfield \(8 generations\)[\s\S]*Rose Whitfield/);
  });

  it('draws a person read from documents, from the relatives the index found', async () => {
    const id = ids.get('documents:John Henry Whitfield');
    expect(id).toBeDefined();
    const res = await get(`/api/people/${id}/chart?kind=pedigree&generations=3`, aliceToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('>John Henry Whitfield<');
    expect(res.body).toContain('>Thomas Whitfield<');
    expect(res.body).toContain('>Mary Ann Whitfield<');
    expect(res.body).toContain(`href="/people/${ids.get('documents:Thomas Whitfield')}"`);
  });

  it('draws a person linked by an accepted hint (origin "both") from the tree, whichever of their ids is asked', async () => {
    const carol = newObjectId();
    const carolToken = await h.token(carol);
    const db = h.deps.database.db;
    const certificate = await seedRecord(db, {
      ownerId: carol,
      name: 'kennedy-death-1963.txt',
      text: KENNEDY_CERTIFICATE,
    });
    await updatePeopleIndex(db, carol, { kind: 'documents', documentIds: [certificate] });
    const rec = await treeImports(() => h).importFile(carolToken, 'kennedy-pres2020.ged', KENNEDY_GED);
    expect(rec.status).toBe('completed');
    const hints = PeopleHintsResponse.parse((await get('/api/people/hints', carolToken)).json()).hints;
    const president = hints.find((x) => x.nameAsWritten === 'John Fitzgerald Kennedy')!;
    const accepted = await h.app.inject({
      method: 'POST',
      url: `/api/people/hints/${president.id}/accept`,
      headers: { authorization: `Bearer ${carolToken}` },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    for (const id of [president.individualId, president.documentPersonId]) {
      const res = await get(`/api/people/${id}/chart?kind=pedigree&generations=3`, carolToken);
      expect(res.statusCode, res.body).toBe(200);
      // The tree's people, under the tree person's id (the certificate's own parents are index people).
      expect(res.body).toContain('<title id="chart-title">Pedigree of John Fitzgerald Kennedy (3 generations)</title>');
      expect(res.body).toContain(`href="/people/${president.individualId}"`);
      expect(res.body).toContain('>Joseph Patrick Kennedy I<');
      expect(res.body).toContain('>Rose Elizabeth Fitzgerald<');
      const desc = await get(`/api/people/${id}/chart?kind=descendants&generations=3`, carolToken);
      for (const name of ['Jacqueline Lee Bouvier', 'Caroline Bouvier Kennedy', 'Rose Schlossberg'])
        expect(desc.body).toContain(`>${name}<`);
    }
  });

  it('refuses with 422 and a reason a chart of more people than one chart holds, or more sheets than one PDF prints', async () => {
    // Four children a generation from one couple: 5,461 descendants within 7 generations.
    const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8'];
    let people = 0;
    let families = 0;
    const person = (g: number): string => {
      const id = `@I${++people}@`;
      lines.push(`0 ${id} INDI`, `1 NAME Child${people} /Wide/`);
      if (g < 6) {
        const children = [person(g + 1), person(g + 1), person(g + 1), person(g + 1)];
        lines.push(`0 @F${++families}@ FAM`, `1 HUSB ${id}`, ...children.map((c) => `1 CHIL ${c}`));
      }
      return id;
    };
    person(0);
    lines.push('0 TRLR', '');
    const dave = newObjectId();
    const daveToken = await h.token(dave);
    await treeImports(() => h).importFile(daveToken, 'wide.ged', lines.join('\n'));
    const list = PeopleListResponse.parse((await get('/api/people?q=Child1', daveToken)).json()).individuals;
    const root = list.find((p) => p.name === 'Child1 Wide')!;
    const big = await get(`/api/people/${root.id}/chart?kind=descendants&generations=7`, daveToken);
    expect(big.statusCode).toBe(422);
    expect(big.json().error).toBe(
      'This chart would draw 5,461 people; one chart holds at most 2,000. Choose fewer generations.',
    );
    // 6 generations (1,365 people) draw as SVG, but 1,024 people side by side would print on too many sheets.
    expect((await get(`/api/people/${root.id}/chart?kind=descendants&generations=6`, daveToken)).statusCode).toBe(200);
    const pdf = await get(`/api/people/${root.id}/chart?kind=descendants&generations=6&format=pdf`, daveToken);
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().error).toMatch(
      /^This chart would print on \d+ sheets; a PDF holds at most 40\. Choose fewer generations, or download the SVG\.$/,
    );
  }, 60_000);

  it('answers 404 for another user’s person or a malformed id, 400 naming what is allowed for bad parameters', async () => {
    expect((await chart(tree('Rose Whitfield'), 'kind=pedigree', bobToken)).statusCode).toBe(404);
    expect((await chart('documents:John Henry Whitfield', 'kind=fan', bobToken)).statusCode).toBe(404);
    expect((await get('/api/people/not-an-id/chart', aliceToken)).statusCode).toBe(404);
    expect((await get(`/api/people/${newObjectId()}/chart`, aliceToken)).statusCode).toBe(404);
    const nine = await chart(tree('Rose Whitfield'), 'generations=9');
    expect(nine.statusCode).toBe(400);
    expect(nine.json().error).toMatch(/generations must be a whole number from 2 to 8/);
    expect((await chart(tree('Rose Whitfield'), 'generations=1')).statusCode).toBe(400);
    expect((await chart(tree('Rose Whitfield'), 'generations=four')).statusCode).toBe(400);
    const kind = await chart(tree('Rose Whitfield'), 'kind=hourglass');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error).toMatch(/kind must be pedigree, descendants or fan/);
    const format = await chart(tree('Rose Whitfield'), 'format=png');
    expect(format.statusCode).toBe(400);
    expect(format.json().error).toMatch(/format must be svg or pdf/);
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/people/${ids.get(tree('Rose Whitfield'))}/chart` })).statusCode,
    ).toBe(401);
  });
});
