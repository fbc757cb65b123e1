import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PeopleListResponse } from '@gnology/contracts';
import { newObjectId } from '@gnology/platform/ids';
import { requireInfra } from '@gnology/testing';
import mammoth from 'mammoth';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updatePeopleIndex } from '../../documents/src/people/use-cases/update-people-index';
import { MARY_ANN_DEATH, WHITFIELD_FAMILY } from '../../documents/test/fixtures/family';
import { seedRecord } from '../../documents/test/helpers/people';
import { insertCompletedDocument } from '../../documents/test/helpers/seed';
import { type DocumentsHarness, startDocuments } from '../../documents/test/helpers/service';
import { epubcheck } from './epubcheck/epubcheck';
import { callAs, compiledAs, newBookAs, storedManuscript } from './support/book-helpers';
import { type ResearchStack, startResearchStack } from './support/stack';

requireInfra('DATABASE_URL');

/*
 * Issue 33, the first "Done when", as a user meets it: one family's library (nine records and three photos), no
 * model, through the REAL documents service (its people index and its material route) and the research worker's
 * compile. The book's PDF has its title page, contents, a chapter per generation with an endnote on every fact,
 * the photos captioned, the pedigree chart and a name index whose pages hold the names; the DOCX reads in mammoth
 * and the EPUB passes EPUBCheck.
 */
const MORE_RECORDS: Record<string, string> = {
  'james-birth-1865.txt': `CERTIFICATE OF BIRTH
State of North Carolina, Wake County.
Name of child: James Whitfield. Sex: male. Born 9 August 1865 at Raleigh.
Father: Thomas Whitfield, farmer. Mother: Mary Ann Whitfield, née Brown.`,
  'thomas-barnes-baptism-1889.txt': `BAPTISM REGISTER, FIRST BAPTIST CHURCH, RALEIGH
On 6 October 1889 was baptized Thomas Barnes Whitfield, son of John Henry Whitfield and Sarah Elizabeth Whitfield.`,
  'census-1900-raleigh.txt': `1900 United States Census, Wake County, North Carolina. Raleigh.
Whitfield, John H., head, male, 38, carpenter
Whitfield, Sarah E., wife, female, 34
Whitfield, Thomas B., son, male, 10`,
};

describe('a family history book from one family, without a model', () => {
  let docs: DocumentsHarness;
  let stack: ResearchStack;
  const alice = newObjectId();
  const dir = mkdtempSync(path.join(tmpdir(), 'book-family-'));
  let bookId: string;

  beforeAll(async () => {
    docs = await startDocuments();
    await docs.app.listen({ port: 0, host: '127.0.0.1' });
    const docsUrl = `http://127.0.0.1:${(docs.app.server.address() as { port: number }).port}`;
    const db = docs.deps.database.db;
    const records = { ...WHITFIELD_FAMILY, 'mary-ann-death-1895.txt': MARY_ANN_DEATH, ...MORE_RECORDS };
    for (const [name, text] of Object.entries(records)) await seedRecord(db, { ownerId: alice, name, text });
    expect(Object.keys(records)).toHaveLength(9);
    // Three gallery photos, each tagging members of the family (as processing and tagging leave them).
    const photos = [
      { name: 'whitfields-1885.jpg', people: ['John Henry Whitfield', 'Thomas Whitfield'], colour: '#886644' },
      { name: 'wedding-1887.jpg', people: ['John Henry Whitfield', 'Sarah Elizabeth Cole'], colour: '#445566' },
      { name: 'mary-ann-1890.jpg', people: ['Mary Ann Whitfield'], colour: '#665544' },
    ];
    for (const p of photos) {
      const id = newObjectId();
      const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: p.colour } })
        .jpeg()
        .toBuffer();
      await docs.deps.storage.put(`test/${id}.jpg`, jpeg, { contentType: 'image/jpeg' });
      await insertCompletedDocument(db, {
        id,
        ownerId: alice,
        name: p.name,
        pages: [''],
        entities: {
          documentType: 'photo',
          peopleIdentified: p.people.map((name) => ({ name, role: 'other_relative' })),
          dateInfo: [],
          geographicalInfo: [],
          occupations: [],
          tags: [],
        } as unknown as Parameters<typeof insertCompletedDocument>[1]['entities'],
      });
      await db
        .updateTable('documents')
        .set({ kind: 'jpeg', mimetype: 'image/jpeg', size: jpeg.length, storage_key: `test/${id}.jpg` })
        .where('id', '=', id)
        .execute();
      await db.updateTable('document_pages').set({ width: 1600, height: 1200 }).where('document_id', '=', id).execute();
    }
    await updatePeopleIndex(db, alice, { kind: 'rebuild' });
    const people = PeopleListResponse.parse(
      (
        await docs.app.inject({
          method: 'GET',
          url: '/api/people',
          headers: { authorization: `Bearer ${await docs.token(alice)}` },
        })
      ).json(),
    ).individuals;
    const john = people.find((p) => p.name === 'John Henry Whitfield');
    expect(john, people.map((p) => p.name).join(', ')).toBeDefined();

    stack = await startResearchStack();
    stack.deps.config.DOCUMENTS_URL = docsUrl;
    bookId = await newBookAs(stack, alice, {
      title: 'The Whitfields of Wake County',
      rootIndividualId: john!.id,
      generations: 3,
    });
    expect((await callAs(stack, alice, 'POST', `/api/books/${bookId}/compile`)).statusCode).toBe(202);
    const book = await compiledAs(stack, alice, bookId);
    expect(book.compile, JSON.stringify(book.compile)).toMatchObject({ status: 'done', error: null });
  }, 240_000);
  afterAll(async () => {
    await stack?.close();
    await docs?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const download = async (format: string) => {
    const res = await callAs(stack, alice, 'GET', `/api/books/${bookId}/export?format=${format}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const file = path.join(dir, `book.${format}`);
    writeFileSync(file, res.rawPayload);
    return file;
  };

  it('writes a chapter per generation, an endnote on every fact, the three photos captioned and the chart', async () => {
    const m = await storedManuscript(stack, bookId);
    expect(m.chapters.length).toBeGreaterThanOrEqual(2);
    const blocks = [...m.introduction, ...m.chapters.flatMap((c) => c.blocks)];
    const photos = blocks.filter((b) => b.kind === 'photo');
    expect(photos).toHaveLength(3);
    for (const p of photos) expect(p.kind === 'photo' && p.caption.map((r) => r.text).join('')).toMatch(/Whitfield/);
    expect(blocks.some((b) => b.kind === 'chart')).toBe(true);
    // Every paragraph of the chapters that states a fact of a person carries a note (a list's lead-in, "Children of …
    // named in these records:", states none; its items carry theirs).
    const text = (b: (typeof m.chapters)[number]['blocks'][number]) =>
      b.kind === 'paragraph' ? b.runs.map((r) => r.text).join('') : '';
    const facts = m.chapters
      .flatMap((c) => c.blocks)
      .filter((b) => b.kind === 'paragraph' && b.runs.some((r) => r.person) && !text(b).trim().endsWith(':'));
    expect(facts.length).toBeGreaterThan(4);
    for (const b of facts) expect(b.kind === 'paragraph' && b.runs.some((r) => r.note !== undefined)).toBe(true);
    expect(m.notes.length).toBeGreaterThan(5);
    const prose = m.chapters
      .flatMap((c) => c.blocks)
      .map(text)
      .join('\n');
    expect(prose).toContain(
      'John Henry Whitfield, son of Thomas Whitfield and Mary Ann Whitfield, was born on 2 March 1862',
    );
    expect(prose).toContain('He died on 3 January 1890 at Raleigh.');
    expect(prose).not.toMatch(/undefined|NaN/);
  });

  it('prints a PDF with the title page, contents, notes and a name index whose pages hold the names', async () => {
    const file = await download('pdf');
    const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
    expect(pages[0]!.replace(/\s+/g, ' ')).toContain('The Whitfields of Wake County');
    expect(pages.some((p) => /Contents/.test(p))).toBe(true);
    expect(pages.some((p) => /^\s*Notes\s*$/m.test(p))).toBe(true);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).toMatch(/Lora/);
    expect(
      fonts
        .split('\n')
        .slice(2)
        .filter(Boolean)
        .every((l) => /\syes\s+yes\s/.test(l) || /\syes\s/.test(l)),
    ).toBe(true);
    // "Whitfield, Thomas … 5, 7": each page the index gives for him prints his name.
    const indexPage = pages.findIndex((p) => /Index of names/i.test(p));
    expect(indexPage).toBeGreaterThan(0);
    const entry = pages
      .slice(indexPage)
      .join('\n')
      .split('\n')
      .find((l) => /Whitfield, Thomas\b/.test(l) && /\d/.test(l));
    expect(entry, 'an index line for Thomas Whitfield').toBeDefined();
    const listed = [...entry!.replace(/\(\d{4}[^)]*\)/g, '').matchAll(/\b(\d{1,3})\b/g)].map((x) => Number(x[1]));
    expect(listed.length).toBeGreaterThan(0);
    for (const n of listed) expect(pages[n - 1], `page ${n}`).toMatch(/Thomas/);
  });

  it('exports a DOCX that mammoth reads and an EPUB that passes EPUBCheck', async () => {
    const docx = await mammoth.extractRawText({ path: await download('docx') });
    expect(docx.value).toContain('The Whitfields of Wake County');
    expect(docx.value).toContain('John Henry Whitfield');
    const check = epubcheck(await download('epub'));
    expect(check.errors, check.output).toEqual([]);
  }, 180_000);
});
