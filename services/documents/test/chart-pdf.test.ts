import { describe, expect, it } from 'vitest';
import type { ChartGraph, ChartPerson, ChartUnion } from '../src/people/domain/chart/graph';
import { chartLayout } from '../src/people/domain/chart/layout';
import { MAX_SHEETS, renderPdf, TooManySheets } from '../src/people/domain/chart/render-pdf';
import { loadChartFonts } from '../src/fonts/product-fonts';
import { pdfInfo, pdfText } from './helpers/poppler';

/** Person n's parents are 2n and 2n+1, to `generations`, each named by their number. */
function ancestry(generations: number): ChartGraph {
  const people = new Map<string, ChartPerson>();
  const parents = new Map<string, string[]>();
  for (let n = 1; n < 2 ** generations; n++) {
    people.set(`a${n}`, {
      id: `a${n}`,
      name: `Ancestor ${n} Smith`,
      sex: n % 2 ? 'F' : 'M',
      birthYear: 1900,
      deathYear: 1970,
      place: 'York',
    });
    if (2 * n < 2 ** generations) parents.set(`a${n}`, [`a${2 * n}`, `a${2 * n + 1}`]);
  }
  return { people, parents, unions: new Map() };
}

describe('chart PDF', () => {
  it('puts a 4-generation pedigree on one landscape sheet with every name as text', async () => {
    const pdf = await renderPdf(chartLayout('pedigree', ancestry(4), 'a1', 4), await loadChartFonts());
    expect(await pdfInfo(pdf)).toMatchObject({ pages: 1, width: 841.89, height: 595.28 });
    const text = await pdfText(pdf);
    for (let n = 1; n < 16; n++) expect(text).toContain(`Ancestor ${n} Smith`);
  });

  it('cuts an 8-generation pedigree (255 people) into titled sheets one column wide, every name on some sheet', async () => {
    const pdf = await renderPdf(chartLayout('pedigree', ancestry(8), 'a1', 8), await loadChartFonts(), 'letter');
    const info = await pdfInfo(pdf);
    expect(info).toMatchObject({ width: 792, height: 612 });
    expect(info.pages).toBe(7); // 1 column of 7 sheets, names at 4.8 pt
    const text = await pdfText(pdf);
    expect(text).toContain(`Pedigree of Ancestor 1 Smith (8 generations) — sheet 1 of ${info.pages} (row 1, column 1)`);
    expect(text).toContain(`sheet ${info.pages} of ${info.pages} (row ${info.pages}, column 1)`);
    for (let n = 1; n < 256; n++) expect(text).toContain(`Ancestor ${n} Smith`);
  }, 30_000);

  it('refuses a chart that would need more than MAX_SHEETS sheets, saying how many', async () => {
    // Descendants, three children a generation: 1,093 people side by side, thousands of units wide.
    const people = new Map<string, ChartPerson>();
    const unions = new Map<string, ChartUnion[]>();
    let next = 0;
    const make = (g: number): string => {
      const id = `p${next++}`;
      people.set(id, { id, name: `Child ${id} Smith`, sex: 'U', birthYear: null, deathYear: null, place: null });
      if (g < 6) unions.set(id, [{ partner: null, children: [make(g + 1), make(g + 1), make(g + 1)] }]);
      return id;
    };
    make(0);
    const layout = chartLayout('descendants', { people, parents: new Map(), unions }, 'p0', 7);
    const failure = await renderPdf(layout, await loadChartFonts()).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TooManySheets);
    expect((failure as TooManySheets).sheets).toBeGreaterThan(MAX_SHEETS);
  });
});
