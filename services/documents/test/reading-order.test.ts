import sharp from 'sharp';
import type Tesseract from 'tesseract.js';
import { describe, expect, it } from 'vitest';
import { readUpright } from '../src/library/jobs/ocr-orientation';
import { layoutOrder } from '../src/library/jobs/reading-order';

/*
 * Issue 31, point 3: tesseract's block order on an 1860 front page started with the subscription box; the page
 * reads masthead first, then the columns left to right, each top to bottom. The TSV here is written as tesseract
 * writes it (levels 2 and 5: block boxes and words), in the order it gave.
 */

type Box = [left: number, top: number, width: number, height: number];
const block = (n: number, [l, t, w, h]: Box) => `2\t1\t${n}\t0\t0\t0\t${l}\t${t}\t${w}\t${h}\t-1\t`;
const word = (n: number, line: number, i: number, text: string, [l, t]: Box) =>
  `5\t1\t${n}\t1\t${line}\t${i}\t${l + i * 60}\t${t + line * 30}\t55\t24\t90\t${text}`;

function tsv(blocks: { box: Box; lines: string[] }[]): string {
  return blocks
    .flatMap((b, k) => [
      block(k + 1, b.box),
      ...b.lines.flatMap((line, j) => line.split(' ').map((w, i) => word(k + 1, j + 1, i + 1, w, b.box))),
    ])
    .join('\n');
}

describe('reading order on a page of columns (issue 31, point 3)', () => {
  it('reads the masthead first, the box beside it next, then the columns left to right', () => {
    const page = tsv([
      { box: [40, 40, 300, 160], lines: ['Terms of subscription', 'Two dollars a year'] },
      { box: [40, 220, 2300, 200], lines: ['THE DAILY HERALD'] },
      { box: [1260, 480, 1100, 2000], lines: ['Second column first line', 'second column goes on'] },
      { box: [40, 480, 1100, 2000], lines: ['First column first line', 'first column goes on'] },
    ]);
    const laid = layoutOrder(page, 2400);
    expect(laid?.text.split('\n\n')).toEqual([
      'THE DAILY HERALD',
      'Terms of subscription\nTwo dollars a year',
      'First column first line\nfirst column goes on',
      'Second column first line\nsecond column goes on',
    ]);
    expect(laid?.words[0]?.text).toBe('THE');
  });

  it('a headline across the columns divides them: the columns above it are read before it', () => {
    const page = tsv([
      { box: [1260, 100, 1100, 600], lines: ['right above'] },
      { box: [40, 100, 1100, 600], lines: ['left above'] },
      { box: [40, 800, 2300, 120], lines: ['GREAT FIRE IN THE CITY'] },
      { box: [1260, 1000, 1100, 600], lines: ['right below'] },
      { box: [40, 1000, 1100, 600], lines: ['left below'] },
    ]);
    expect(layoutOrder(page, 2400)?.text.split('\n\n')).toEqual([
      'left above',
      'right above',
      'GREAT FIRE IN THE CITY',
      'left below',
      'right below',
    ]);
  });

  it('keeps tesseract’s order on a page of one column', () => {
    const page = tsv([
      { box: [100, 100, 2000, 300], lines: ['A letter heading'] },
      { box: [100, 500, 1800, 900], lines: ['Dear Sir, the body of the letter'] },
    ]);
    expect(layoutOrder(page, 2400)).toBeNull();
  });

  it('a page read by the OCR pool comes back in layout order, its words too', async () => {
    const page = tsv([
      { box: [40, 40, 300, 160], lines: ['Terms of subscription'] },
      { box: [40, 220, 2300, 200], lines: ['THE DAILY HERALD'] },
      { box: [1260, 480, 1100, 2000], lines: ['Second column'] },
      { box: [40, 480, 1100, 2000], lines: ['First column'] },
    ]);
    const image = await sharp({ create: { width: 2400, height: 2600, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const result = await readUpright(
      {
        recognize: async () =>
          ({ text: 'tesseract order', confidence: 90, tsv: page, rotateRadians: 0 }) as unknown as Tesseract.Page,
        detectOrientation: async () => null,
      },
      image,
      { langs: 'eng', orient: false },
    );
    expect(result.text.startsWith('THE DAILY HERALD\n\nTerms of subscription\n\nFirst column')).toBe(true);
    expect(result.words.map((w) => w.text).slice(0, 3)).toEqual(['THE', 'DAILY', 'HERALD']);
  });
});
