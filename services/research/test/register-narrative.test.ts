import { describe, expect, it } from 'vitest';
import type { Block, Chapter, Run } from '../src/domain/manuscript';
import { writeRegister } from '../src/domain/register-narrative';
import { gedcomMaterial, KENNEDY_GED } from './register-fixtures';
import { whitfields } from './register-handmade';

/** A paragraph as read, endnote markers as [n]. */
const read = (runs: Run[]) => runs.map((r) => r.text + (r.note ? `[${r.note}]` : '')).join('');
const paragraphs = (blocks: Block[]) => blocks.flatMap((b) => (b.kind === 'paragraph' ? [read(b.runs)] : []));
const allRuns = (t: ReturnType<typeof writeRegister>) =>
  [...t.introduction, ...t.chapters.flatMap((c) => c.blocks), ...t.conclusion].flatMap((b) =>
    b.kind === 'paragraph' ? b.runs : b.kind === 'photo' ? b.caption : [],
  );
const chapter = (t: ReturnType<typeof writeRegister>, label: string): Chapter =>
  t.chapters.find((c) => c.label === label)!;

/** Notes are numbered in the order the text first cites them, each cited at least once. */
function expectNotesInOrder(t: ReturnType<typeof writeRegister>) {
  const first: number[] = [];
  for (const r of allRuns(t)) if (r.note !== undefined && !first.includes(r.note)) first.push(r.note);
  expect(first).toEqual(t.notes.map((n) => n.n));
  expect(t.notes.map((n) => n.n)).toEqual(t.notes.map((_, i) => i + 1));
}

describe('writeRegister on a hand-made family (the Whitfields)', () => {
  const text = writeRegister(whitfields(), { title: 'The Whitfields of Raleigh', generations: 3 });

  it('writes the root, parents, marriage and events as sentences with their notes', () => {
    expect(text.chapters.map((c) => `${c.label}: ${c.title}`)).toEqual([
      'Generation 1: John Henry Whitfield',
      'Generation 2: The parents',
      'Descendants, generation 1: The children',
    ]);
    expect(paragraphs(chapter(text, 'Generation 1').blocks)).toEqual([
      // The stated year is told before the census's estimate from an age.
      '1. John Henry Whitfield, son of Thomas Whitfield and Mary Ann,[1] was born in 1860.[2] Another record gives his birth as about 1858 at Raleigh.[1]',
      'He married Sarah Elizabeth Barnes on 14 June 1887 at Raleigh.[3] His occupation was recorded as farmer in 1880.[1]',
      'He died on 1 March 1921 at Raleigh.[2]',
      'The records do not agree on when he was born.[4]',
      'Children of John Henry Whitfield and Sarah Elizabeth Barnes named in these records:',
      'i. Ann Whitfield; see number 8.[5]',
    ]);
  });

  it('numbers notes by first citation, one number per citation, a conflict as a how-we-know note', () => {
    expectNotesInOrder(text);
    expect(text.notes.map((n) => [n.n, n.kind])).toEqual([
      [1, 'source'],
      [2, 'source'],
      [3, 'source'],
      [4, 'how-we-know'],
      [5, 'source'],
    ]);
    expect(text.notes[0]!.text).toBe(
      '1880 U.S. census, Wake County, North Carolina, Raleigh, John Whitfield household; image 12.',
    );
    expect(text.notes[3]!.text).toBe(
      'The 1880 census gives his age as 22 (born about 1858); the obituary says he was born in 1860. 1880 U.S. census, Wake County, North Carolina, Raleigh, John Whitfield household; image 12; Obituary, John Henry Whitfield, 3 March 1921, Raleigh; digital image "obit.png".',
    );
    // The conclusion repeats the conflict with the same note, not a new one.
    expect(paragraphs(text.conclusion)).toContain(
      'John Henry Whitfield: The 1880 census gives his age as 22 (born about 1858); the obituary says he was born in 1860.[4]',
    );
  });

  it('invents no relation: parents the material lacks are not named, they are an open question', () => {
    const parents = paragraphs(chapter(text, 'Generation 2').blocks);
    expect(parents).toEqual([
      '2. Thomas Whitfield. His wife was Mary Ann.[1] He was living at Raleigh in 1880.[1]',
      'Children of Thomas Whitfield and Mary Ann named in these records:',
      'i. John Henry Whitfield; see number 1.[1]',
      '3. Mary Ann. These records tell nothing more of her.',
    ]);
    expect(parents.join(' ')).not.toMatch(/son of|daughter of|born/);
    expect(paragraphs(text.conclusion)).toContain(
      '2. Thomas Whitfield: no record here gives his birth or baptism, his death or burial, or his parents.',
    );
  });

  it('uses the name, not a pronoun, when the sex is not recorded', () => {
    expect(paragraphs(chapter(text, 'Descendants, generation 1').blocks)).toEqual([
      '8. Ann Whitfield, child of John Henry Whitfield and Sarah Elizabeth Barnes,[5] was born in February 1889 at Raleigh.[5]',
    ]);
    expect(paragraphs(text.conclusion)).toContain('8. Ann Whitfield: no record here gives Ann’s death or burial.');
  });

  it('tells a second reading of a death by what it gives: a date, or only a place', () => {
    const m = whitfields();
    m.people[0]!.events.push(
      { kind: 'death', date: null, place: 'Cary', detail: null, sources: ['bible'] },
      {
        kind: 'death',
        date: { normalized: '1921', qualifier: 'exact' },
        place: null,
        detail: null,
        sources: ['census'],
      },
    );
    const written = writeRegister(m, { title: 'T', generations: 3 });
    expect(paragraphs(written.chapters[0]!.blocks)[2]).toBe(
      'He died on 1 March 1921 at Raleigh.[2] Another record gives his death as 1921.[1] Another record places his death at Cary.[4]',
    );
  });

  it('places the photo after the first person tagged, captioned with everyone tagged', () => {
    const blocks = chapter(text, 'Generation 1').blocks;
    const photo = blocks.at(-1)!;
    expect(photo.kind).toBe('photo');
    if (photo.kind !== 'photo') return;
    expect(read(photo.caption)).toBe(
      'Sarah Elizabeth Barnes, John Henry Whitfield and Someone not in the book. Wedding portrait.',
    );
    expect(photo.caption.filter((r) => r.person).map((r) => r.person!.id)).toEqual(['sarah', 'john']);
    expect([photo.width, photo.height, photo.mime]).toEqual([1200, 1600, 'image/jpeg']);
  });

  it('marks names and places for the indexes', () => {
    const runs = chapter(text, 'Generation 1').blocks.flatMap((b) => (b.kind === 'paragraph' ? b.runs : []));
    expect(runs.find((r) => r.person?.id === 'john')!.person).toEqual({
      id: 'john',
      surname: 'Whitfield',
      given: 'John Henry',
      years: '1860–1921',
    });
    expect(runs.find((r) => r.person?.id === 'maryann')!.person).toEqual({
      id: 'maryann',
      surname: '',
      given: 'Mary Ann',
    });
    expect(runs.filter((r) => r.place).map((r) => r.place)).toEqual(['Raleigh', 'Raleigh', 'Raleigh']);
  });

  it('introduces the book (scope, counts, numbering) with the pedigree chart, and is pure', () => {
    const intro = paragraphs(text.introduction);
    expect(intro[0]).toBe(
      'This book, The Whitfields of Raleigh, follows the family of John Henry Whitfield (1860–1921): his ancestors back to his parents, and his descendants down to his children.',
    );
    expect(intro[1]).toBe(
      'It names five people: four people of the direct line and one husband or wife who married into it, over three generations in three chapters. Three generations were asked for; the records go back two. What it says rests on four records, each cited in the notes at the end of the book.',
    );
    expect(text.introduction.at(-1)).toEqual({
      kind: 'chart',
      title: 'Pedigree of John Henry Whitfield',
      svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    expect(writeRegister(whitfields(), { title: 'The Whitfields of Raleigh', generations: 3 })).toEqual(text);
  });
});

describe('writeRegister on the Kennedy excerpt of pres2020.ged', () => {
  const material = gedcomMaterial('kennedy-pres2020.ged', KENNEDY_GED, '@I1509@', 4);
  const text = writeRegister(material, { title: 'The Kennedys', generations: 4 });
  const words = allRuns(text)
    .map((r) => r.text)
    .join('')
    .split(/\s+/)
    .filter(Boolean).length;

  it('writes the President from the tree with the tree’s own sources', () => {
    expect(paragraphs(chapter(text, 'Generation 1').blocks).slice(0, 3)).toEqual([
      '1. John Fitzgerald Kennedy, son of Joseph Patrick Kennedy I and Rose Elizabeth Fitzgerald,[1] was born on 29 May 1917 at Brookline, Norfolk, Massachusetts, USA.[2]',
      'He married Jacqueline Lee Bouvier on 12 September 1953 at Newport, Rhode Island, USA.[3] His occupation was recorded as US President No. 35, Democratic on 20 January 1961 at Washington, District of Columbia, USA.[4]',
      'He died on 22 November 1963 at Dallas, Dallas, Texas, USA.[2] He was buried at Arlington, Arlington, Virginia, USA.[4]',
    ]);
    expect(text.notes[1]!.text).toBe(
      'Ancestry.com, Web: Netherlands, GenealogieOnline Trees Index, 1000-2015 (Name: Ancestry.com Operations, Inc.; Location: Provo, UT, USA; Date: 2014); cited in the family tree file "kennedy-pres2020.ged".',
    );
    // A fact the file cites no source for is cited to the file's record itself, never left bare.
    expect(text.notes[0]!.text).toBe(
      'Family tree file "kennedy-pres2020.ged", record @F777@; the file cites no source for this.',
    );
  });

  it('numbers ancestors as an ahnentafel, then the descendants, and invents no grandparents', () => {
    expect(text.chapters.map((c) => c.label)).toEqual([
      'Generation 1',
      'Generation 2',
      'Descendants, generation 1',
      'Descendants, generation 2',
    ]);
    const parents = paragraphs(chapter(text, 'Generation 2').blocks);
    expect(parents[0]).toBe(
      '2. Joseph Patrick Kennedy I was born on 6 September 1888 at Boston, Suffolk, Massachusetts, USA.[6] He was baptized on 9 September 1888 at Boston, Suffolk, Massachusetts, USA.[7]',
    );
    expect(parents.filter((p) => /^\d+\. /.test(p)).map((p) => p.split(' was')[0])).toEqual([
      '2. Joseph Patrick Kennedy I',
      '3. Rose Elizabeth Fitzgerald',
    ]);
    expect(parents.join(' ')).not.toMatch(/son of|daughter of/);
    // A spouse the records say nothing more of than the marriage gets no empty entry.
    const children = paragraphs(chapter(text, 'Descendants, generation 1').blocks);
    expect(children).not.toContain('Edwin Arthur Schlossberg.');
    // Descendants start past the ahnentafel range of four generations (1–15), so none takes an unknown ancestor's number.
    const numbered = [...children, ...paragraphs(chapter(text, 'Descendants, generation 2').blocks)]
      .filter((p) => /^\d+\. /.test(p))
      .map((p) => p.split(',')[0]);
    expect(numbered).toEqual([
      '16. Arabelle Kennedy',
      '17. Caroline Bouvier Kennedy',
      '18. John Fitzgerald Kennedy II',
      '19. Patrick Bouvier Kennedy',
      '20. Rose Schlossberg',
    ]);
    expect(children).toContain(
      '17. Caroline Bouvier Kennedy, daughter of John Fitzgerald Kennedy and Jacqueline Lee Bouvier,[5] was born on 27 November 1957 at New York, New York, New York, USA.[12]',
    );
  });

  it('keeps one note per citation across the book (figures for the report)', () => {
    expectNotesInOrder(text);
    expect(material.people).toHaveLength(10);
    expect(text.notes).toHaveLength(17);
    expect(text.notes.every((n) => n.kind === 'source')).toBe(true);
    expect(words).toBe(739);
    console.info(`Kennedy excerpt: ${material.people.length} people, ${text.notes.length} notes, ${words} words`);
  });
});
