import sharp from 'sharp';
import type Tesseract from 'tesseract.js';
import { describe, expect, it } from 'vitest';
import { readUpright } from '../src/library/jobs/ocr-orientation';
import type { PageReader } from '../src/library/jobs/ocr-types';

/*
 * Issue 31, point 1: with `rotateAuto` tesseract.js returned an empty reading at confidence 95 for a clean 1913
 * typescript, and the page was filed as a photo. A page with ink that reads (almost) empty is read again without
 * auto-rotation, and the better reading kept. The reader here stands in for tesseract: what is tested is the policy.
 */

const WORDS = ['Monsieur', 'le', 'Directeur,', 'nous', 'avons', 'reçu', 'votre', 'lettre', 'du', 'mars'];

function page(words: readonly string[], confidence: number): Tesseract.Page {
  const tsv = words
    .map((w, i) => `5\t1\t1\t1\t1\t${i + 1}\t${40 + i * 90}\t60\t80\t24\t${confidence}\t${w}`)
    .join('\n');
  return { text: words.join(' '), confidence, tsv, rotateRadians: 0 } as unknown as Tesseract.Page;
}

/** A white page with lines of dark marks, as typescript looks from afar. */
async function typedPage(): Promise<Buffer> {
  const lines = Array.from(
    { length: 12 },
    (_, i) => `<rect x="80" y="${100 + i * 60}" width="900" height="14" fill="#111"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="900"><rect width="100%" height="100%" fill="#fff"/>${lines.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function reader(log: boolean[]): PageReader {
  return {
    async recognize(_image, _langs, opts) {
      const rotateAuto = opts?.rotateAuto ?? true;
      log.push(rotateAuto);
      return rotateAuto ? page([], 95) : page(WORDS, 91);
    },
    detectOrientation: async () => null,
  };
}

describe('an empty reading of a page with ink (issue 31, point 1)', () => {
  it('is read again without auto-rotation, and the words come back', async () => {
    const log: boolean[] = [];
    const result = await readUpright(reader(log), await typedPage(), { langs: 'fra', orient: true });
    expect(log).toEqual([true, false]);
    expect(result.text).toBe(WORDS.join(' '));
    expect(result.words).toHaveLength(WORDS.length);
  });

  it('a blank page is not read twice', async () => {
    const log: boolean[] = [];
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const result = await readUpright(reader(log), blank, { langs: 'fra', orient: false });
    expect(log).toEqual([true]);
    expect(result.text).toBe('');
  });

  it('a page that reads well the first time is read once', async () => {
    const log: boolean[] = [];
    const once: PageReader = {
      recognize: async (_i, _l, opts) => {
        log.push(opts?.rotateAuto ?? true);
        return page(WORDS, 92);
      },
      detectOrientation: async () => null,
    };
    await readUpright(once, await typedPage(), { langs: 'fra', orient: true });
    expect(log).toEqual([true]);
  });
});
