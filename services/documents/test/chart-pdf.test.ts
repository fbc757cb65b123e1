import { describe, expect, it } from 'vitest';
import type { ChartGraph, ChartPerson } from '../src/domain/chart/graph';
import { chartLayout } from '../src/domain/chart/layout';
import { renderPdf } from '../src/domain/chart/render-pdf';
import { loadChartFonts } from '../src/use-cases/chart-fonts';
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
});
