import { readFileSync } from 'node:fs';
import type { Block, Chapter, IndexName, Manuscript, Run } from '../src/domain/manuscript';
import { encodePng } from '../src/render/png';

/**
 * Manuscripts for the renderer tests and the 200-page bench: a family of named people and
 * places, endnotes on facts, photos (a real JPEG and a generated PNG) and a pedigree chart.
 */

const JPEG = readFileSync(new URL('../../documents/test/fixtures/photos/astronaut.jpg', import.meta.url));

/** A w×h PNG with a colour gradient. */
export function makePng(w: number, h: number): Uint8Array {
  return encodePng(w, h, (x, y) => [Math.round((x * 255) / w), Math.round((y * 255) / h), 140]);
}

export const PEOPLE: IndexName[] = [
  { id: 'p1', surname: 'Whitfield', given: 'John Henry', years: '1858–1921' },
  { id: 'p2', surname: 'Barnes', given: 'Sarah Elizabeth', years: '1862–1930' },
  { id: 'p3', surname: 'Whitfield', given: 'Thomas', years: '1830–1899' },
  { id: 'p4', surname: 'Whitfield', given: 'Mary Ann', years: '1834–1901' },
  { id: 'p5', surname: 'Nguyễn', given: 'Văn An', years: '1901–1977' },
  { id: 'p6', surname: 'Søndergaard', given: 'Zoë', years: '1905–1988' },
  { id: 'p7', surname: 'Whitfield', given: 'John Henry', years: '1889–1950' },
];

export const PLACES = [
  'Raleigh, Wake, North Carolina',
  'Kraków, Poland',
  'Hội An, Quảng Nam, Vietnam',
  'Aarhus, Denmark',
];

/** How a person's name reads in the text: "John Henry Whitfield". */
export const spoken = (p: IndexName) => `${p.given} ${p.surname}`;

export const CHART_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500" role="group" aria-labelledby="chart-title" class="family-chart" data-kind="pedigree" data-generations="3" font-family="Inter, \'Helvetica Neue\', Arial, sans-serif">',
  '<title id="chart-title">Pedigree of John Henry Whitfield</title>',
  '<rect x="0" y="0" width="800" height="500" fill="#ffffff"/>',
  '<g fill="none" stroke="#8c7f66" stroke-width="1.5" aria-hidden="true"><polyline points="200,250 400,120"/><polyline points="200,250 400,380"/></g>',
  '<g class="chart-person" data-key="1" data-person="p1" data-generation="0"><title>John Henry Whitfield, 1858–1921</title><rect x="40" y="220" width="160" height="60" rx="6" fill="#e8f0f8" stroke="#1c2a3a" stroke-width="2"/><g aria-hidden="true"><text x="120" y="255" font-size="12" font-weight="600" fill="#1c2a3a" text-anchor="middle">John Henry Whitfield</text></g></g>',
  '<g class="chart-person" data-key="2" data-person="p3" data-generation="1"><title>Thomas Whitfield &amp; family</title><rect x="400" y="90" width="160" height="60" rx="6" fill="#e8f0f8" stroke="#8c7f66" stroke-width="1.2"/></g>',
  '</svg>',
].join('\n');

// Chapter titles name no one, so every page a name is printed on is a page the index lists.
export const CHAPTER_TITLES = [
  'The Whitfields of Wake County',
  'Into the new century',
  'Across the sea',
  'The last farm',
  'Scattered',
];

const r = (text: string, more: Partial<Run> = {}): Run => ({ text, ...more });

/** A paragraph of a register entry about person `p`, naming `q` and a place, with notes `n`, `n+1`. */
function entry(p: IndexName, q: IndexName, place: string, n: number, filler: number): Block {
  const runs: Run[] = [
    r(spoken(p), { person: p, bold: true }),
    r(`, born ${p.years?.slice(0, 4) ?? 'about 1860'} at `),
    r(place, { place }),
    r(',', { note: n }),
    r(' married '),
    r(spoken(q), { person: q }),
    r(' in the parish church, as the register of the '),
    r('Church of St Mary', { italic: true }),
    r(' records.', { note: n + 1 }),
  ];
  for (let i = 0; i < filler; i++)
    runs.push(
      r(
        ' The family farmed tobacco and corn on rented land along the creek, and the tax lists show them moving between three holdings before settling near the crossroads store, where the children attended the county school in winter and worked the fields in summer.',
      ),
    );
  return { kind: 'paragraph', runs };
}

export interface FixtureOptions {
  chapters?: number;
  /** Register entries per chapter. */
  entries?: number;
  /** Filler sentences per entry (page length). */
  filler?: number;
  photos?: boolean;
  chart?: 'svg' | 'pdf' | false;
  chartPdf?: Uint8Array;
  trim?: Manuscript['trim'];
}

export function manuscript(o: FixtureOptions = {}): Manuscript {
  const chapters: Chapter[] = [];
  const notes: Manuscript['notes'] = [];
  let n = 1;
  const png = makePng(240, 160);
  const nChapters = o.chapters ?? 3;
  for (let c = 0; c < nChapters; c++) {
    const blocks: Block[] = [];
    if (c === 0 && o.chart !== false)
      blocks.push({
        kind: 'chart',
        title: 'Pedigree of John Henry Whitfield',
        svg: CHART_SVG,
        ...(o.chart === 'pdf' && o.chartPdf ? { pdf: o.chartPdf } : {}),
      });
    const nEntries = o.entries ?? 4;
    for (let e = 0; e < nEntries; e++) {
      if (e % 3 === 0) blocks.push({ kind: 'heading', text: `Family group ${c + 1}.${e / 3 + 1}` });
      const p = PEOPLE[(c * 2 + e) % PEOPLE.length]!;
      const q = PEOPLE[(c * 2 + e + 3) % PEOPLE.length]!;
      const place = PLACES[(c + e) % PLACES.length]!;
      blocks.push(entry(p, q, place, n, o.filler ?? 2));
      notes.push(
        {
          n,
          text: `${1860 + e} U.S. census, Wake County, North Carolina, population schedule, dwelling ${c * 10 + e}; image ${e + 3}.`,
          kind: 'source',
        },
        {
          n: n + 1,
          text:
            e % 2
              ? 'The marriage bond gives 12 June, the register 14 June; the book follows the register, which records the ceremony itself.'
              : `Parish register of St Mary, marriages 18${50 + e}, entry ${e + 1}.`,
          kind: e % 2 ? 'how-we-know' : 'source',
        },
      );
      n += 2;
      if (o.photos !== false && e === 1) {
        const jpeg = c % 2 === 0;
        blocks.push({
          kind: 'photo',
          image: jpeg ? new Uint8Array(JPEG) : png,
          mime: jpeg ? 'image/jpeg' : 'image/png',
          width: jpeg ? 400 : 240,
          height: jpeg ? 400 : 160,
          caption: [r(spoken(p), { person: p }), r(' and '), r(spoken(q), { person: q }), r(', about 1890.')],
        });
      }
    }
    chapters.push({
      title: CHAPTER_TITLES[c % CHAPTER_TITLES.length]!,
      label: `Generation ${c + 1}`,
      blocks,
    });
  }
  return {
    title: 'The Whitfield Family',
    subtitle: 'Five generations from Wake County',
    author: 'Ada Researcher',
    compiledAt: '2026-11-27T10:00:00.000Z',
    trim: o.trim ?? '6x9',
    introduction: [
      {
        kind: 'paragraph',
        runs: [
          r('This book follows the descendants of '),
          r(spoken(PEOPLE[2]!), { person: PEOPLE[2]! }),
          r(' of '),
          r(PLACES[0]!, { place: PLACES[0]! }),
          r('.'),
        ],
      },
    ],
    chapters,
    conclusion: [{ kind: 'paragraph', runs: [r('Much remains to be found.')] }],
    notes,
  };
}
