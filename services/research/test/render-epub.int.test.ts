import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Manuscript } from '../src/domain/manuscript';
import { renderBook } from '../src/render';
import { writeRegister } from '../src/domain/register-narrative';
import { epubcheck } from './epubcheck/epubcheck';
import { gedcomMaterial, KENNEDY_GED } from './register-fixtures';
import { manuscript } from './render-fixture';

// EPUBCheck (Java 17, jars from Maven Central into .cache/epubcheck) validates the EPUB as a
// reading system would receive it; it takes ~10 s a run, so it lives in the integration suite.
describe('EPUB export passes EPUBCheck', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'book-epub-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const check = async (m: Manuscript, name: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, await renderBook(m, 'epub'));
    return epubcheck(file);
  };

  it('a book with photos, a chart, notes and indexes has no errors or warnings', async () => {
    const r = await check(manuscript({ chapters: 3, entries: 5, filler: 2 }), 'full.epub');
    expect(r.errors, r.output).toEqual([]);
    expect(r.warnings, r.output).toEqual([]);
    expect(r.status).toBe(0);
    expect(r.output).toContain('No errors or warnings detected');
  }, 180_000);

  it('a bare book (no introduction, conclusion, notes, photos or chart; markup in the title) has no errors', async () => {
    const m: Manuscript = {
      ...manuscript({ chapters: 1, entries: 1, photos: false, chart: false }),
      title: 'Smith & Sons <1850>',
      introduction: [],
      conclusion: [],
      notes: [],
    };
    for (const b of m.chapters[0]!.blocks) if (b.kind === 'paragraph') for (const r of b.runs) delete r.note;
    const r = await check(m, 'bare.epub');
    expect(r.errors, r.output).toEqual([]);
    expect(r.status).toBe(0);
  }, 180_000);

  it('the offline register of a real family tree (Kennedy GEDCOM, four generations) has no errors or warnings', async () => {
    const register = writeRegister(gedcomMaterial('kennedy-pres2020.ged', KENNEDY_GED, '@I1509@', 4), {
      title: 'The Kennedys',
      generations: 4,
    });
    expect(register.chapters.length).toBeGreaterThan(1);
    const r = await check(
      { title: 'The Kennedys', compiledAt: '2026-11-27T12:00:00Z', trim: '6x9', ...register },
      'kennedy.epub',
    );
    expect(r.errors, r.output).toEqual([]);
    expect(r.warnings, r.output).toEqual([]);
  }, 180_000);
});
