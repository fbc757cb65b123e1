import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Manuscript } from '../src/domain/manuscript';
import { renderBook } from '../src/render';
import { epubcheck } from './epubcheck/epubcheck';
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
});
