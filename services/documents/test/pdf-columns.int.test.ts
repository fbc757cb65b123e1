import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePdf } from './fixtures/pdf-parse';

/*
 * Issue 31, point 3, for PDFs with a text layer, through the real pdf.js thread: a two-column page whose content
 * stream draws across the columns line by line (as some newspaper archives' PDFs do) was read interleaved, left
 * line 1, right line 1, …; it now reads the headline, the left column, then the right one.
 */
async function twoColumnPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const page = pdf.addPage([612, 792]);
  page.drawText('THE RALEIGH WEEKLY HERALD, SATURDAY, JUNE 18, 1887', { x: 60, y: 740, size: 16, font });
  const left = [
    'Married on the 14th day of June 1887',
    'at Raleigh, John Henry Whitfield, son of',
    'Thomas Whitfield and Mary Ann Whitfield,',
    'and Sarah Barnes of Wake County. The',
  ];
  const right = [
    'Died at his home on Hillsborough Street',
    'on Tuesday last, Michael Sullivan, aged',
    'seventy-one years, a native of Ireland',
    'and for forty years a merchant of this',
  ];
  for (let i = 0; i < 4; i++) {
    page.drawText(left[i]!, { x: 60, y: 700 - i * 14, size: 11, font });
    page.drawText(right[i]!, { x: 330, y: 700 - i * 14, size: 11, font });
  }
  return Buffer.from(await pdf.save());
}

describe('a PDF text layer in columns (issue 31, point 3)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gn-columns-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads the headline, then the left column to its end, then the right one', async () => {
    const bytes = await twoColumnPdf();
    const file = path.join(dir, 'herald.pdf');
    await writeFile(file, bytes);
    const parsed = await parsePdf(file, bytes, {
      size: 1,
      recognize: async () => {
        throw new Error('a page with a text layer is not OCR’d');
      },
      close: async () => {},
    });
    const lines = parsed.pages[0]!.text.split('\n').filter(Boolean);
    expect(lines).toEqual([
      'THE RALEIGH WEEKLY HERALD, SATURDAY, JUNE 18, 1887',
      'Married on the 14th day of June 1887',
      'at Raleigh, John Henry Whitfield, son of',
      'Thomas Whitfield and Mary Ann Whitfield,',
      'and Sarah Barnes of Wake County. The',
      'Died at his home on Hillsborough Street',
      'on Tuesday last, Michael Sullivan, aged',
      'seventy-one years, a native of Ireland',
      'and for forty years a merchant of this',
    ]);
  }, 60_000);
});
