import { describe, expect, it } from 'vitest';
import { type PdfTextItem, pdfTextInOrder } from '../src/library/jobs/parsers/pdf-text-order';

/*
 * Issue 31, point 3, for PDFs with a text layer: pdf.js gives the text in the order the page's content stream draws
 * it; a newspaper set line by line across its columns came out interleaved. Items here are pdf.js's, in page
 * space (points, top-down), in the order such a stream draws them.
 */

const PAGE_WIDTH = 612;
const line = (str: string, left: number, top: number, width: number): PdfTextItem => [str, left, top, width, 10];

/** Two columns of four filled lines each, drawn across: left line 1, right line 1, left line 2, … */
function interleavedColumns(top: number): PdfTextItem[] {
  const items: PdfTextItem[] = [];
  for (let i = 0; i < 4; i++) {
    items.push(line(`Left column line ${i + 1} of the report`, 40, top + i * 12, 250));
    items.push(line(`Right column line ${i + 1} of the notices`, 320, top + i * 12, 250));
  }
  return items;
}

describe('reading order of a PDF text layer (issue 31, point 3)', () => {
  it('reads the masthead, then the left column to its end, then the right column', () => {
    const items = [line('THE WEEKLY HERALD OF RALEIGH, NORTH CAROLINA', 40, 30, 530), ...interleavedColumns(80)];
    const text = pdfTextInOrder(items, PAGE_WIDTH);
    expect(text?.split('\n').filter(Boolean)).toEqual([
      'THE WEEKLY HERALD OF RALEIGH, NORTH CAROLINA',
      'Left column line 1 of the report',
      'Left column line 2 of the report',
      'Left column line 3 of the report',
      'Left column line 4 of the report',
      'Right column line 1 of the notices',
      'Right column line 2 of the notices',
      'Right column line 3 of the notices',
      'Right column line 4 of the notices',
    ]);
  });

  it('joins the pieces of a line that pdf.js gives apart, with a space only where they do not touch', () => {
    const items = [
      ...interleavedColumns(80),
      ['Married,', 40, 140, 40, 10],
      ['John', 84, 140, 22, 10],
      ['Whit', 110, 140, 22, 10],
      ['field', 132, 140, 22, 10],
      [' of Raleigh and Sarah Barnes', 154, 140, 136, 10],
    ] satisfies PdfTextItem[];
    expect(pdfTextInOrder(items, PAGE_WIDTH)).toContain('Married, John Whitfield of Raleigh and Sarah Barnes');
  });

  it('keeps the stream order on a page of one column', () => {
    const items = [0, 1, 2, 3].map((i) =>
      line(`One column line ${i + 1} runs across the whole page here`, 40, 80 + i * 12, 530),
    );
    expect(pdfTextInOrder(items, PAGE_WIDTH)).toBeNull();
  });

  it('keeps a table row by row: a census transcription’s columns are cells, not running text', () => {
    const rows = [
      ['Thomas Whitfield', 'Head', '49'],
      ['Mary Ann Whitfield', 'Wife', '45'],
      ['John Henry Whitfield', 'Son', '18'],
      ['Sarah', 'Daughter', '9'],
    ];
    const items = rows.flatMap(([name, relation, age], i): PdfTextItem[] => [
      line(name!, 40, 80 + i * 12, name!.length * 5),
      line(relation!, 260, 80 + i * 12, relation!.length * 5),
      line(age!, 420, 80 + i * 12, age!.length * 5),
    ]);
    expect(pdfTextInOrder(items, PAGE_WIDTH)).toBeNull();
  });
});
