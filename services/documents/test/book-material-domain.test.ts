import { describe, expect, it } from 'vitest';
import { bookPhotoSize, bookPhotos } from '../src/people/domain/book-material/photos';
import { bookDateOfTree } from '../src/people/domain/book-material/tree-date';
import type { BookPerson } from '../src/people/domain/book-material/types';
import { walkFamily } from '../src/people/domain/book-material/walk';

/* The book material's pure rules (decision 0234): a tree's dates, who is in the book, the photos. */

describe('bookDateOfTree', () => {
  it('reads the dates a GEDCOM file writes, and nothing it cannot read', () => {
    expect(bookDateOfTree('29 MAY 1917')).toEqual({ normalized: '1917-05-29', qualifier: 'exact' });
    expect(bookDateOfTree('Nov 1969')).toEqual({ normalized: '1969-11', qualifier: 'exact' });
    expect(bookDateOfTree('ABT 1850')).toEqual({ normalized: '1850', qualifier: 'about' });
    expect(bookDateOfTree('EST 1850')).toEqual({ normalized: '1850', qualifier: 'about' });
    expect(bookDateOfTree('BEF 3 JAN 1900')).toEqual({ normalized: '1900-01-03', qualifier: 'before' });
    expect(bookDateOfTree('AFT 1900')).toEqual({ normalized: '1900', qualifier: 'after' });
    expect(bookDateOfTree('BET 1849 AND 1850')).toEqual({ normalized: '1849/1850', qualifier: 'between' });
    expect(bookDateOfTree('11 FEB 1731/32')).toEqual({ normalized: '1732-02-11', qualifier: 'dual_year' });
    expect(bookDateOfTree('@#DGREGORIAN@ 1 JAN 1800')).toEqual({ normalized: '1800-01-01', qualifier: 'exact' });
    for (const unreadable of [
      '(in the war)',
      '@#DJULIAN@ 1 JAN 1700',
      'FROM 1900 TO 1910',
      '32 JAN 1900',
      'Age: 64',
      '',
      null,
    ])
      expect(bookDateOfTree(unreadable)).toBeNull();
  });
});

describe('walkFamily', () => {
  // Grandparents g1..g4, parents f and m, root r with spouse s and child c; c's spouse cs.
  const parents: Record<string, string[]> = { r: ['f', 'm'], f: ['g1', 'g2'], m: ['g3', 'g4'], c: ['r', 's'] };
  const children: Record<string, string[]> = { r: ['c'], s: ['c'], f: ['r'], m: ['r'], c: ['gc'] };
  const spouses: Record<string, string[]> = { r: ['s'], s: ['r'], f: ['m'], m: ['f'], c: ['cs'] };
  const access = {
    parents: (id: string) => parents[id] ?? [],
    children: (id: string) => children[id] ?? [],
    spouses: (id: string) => spouses[id] ?? [],
  };

  it('takes ancestors and descendants within the generations (the root counts), and their spouses', () => {
    const placed = walkFamily('r', 2, access);
    expect(Object.fromEntries(placed)).toEqual({
      r: { generation: 0, direct: true },
      f: { generation: 1, direct: true },
      m: { generation: 1, direct: true },
      c: { generation: -1, direct: true },
      s: { generation: 0, direct: false },
      cs: { generation: -1, direct: false },
    });
    expect(walkFamily('r', 3, access).get('g4')).toEqual({ generation: 2, direct: true });
    expect(walkFamily('r', 3, access).get('gc')).toEqual({ generation: -2, direct: true });
    expect([...walkFamily('r', 1, access).keys()]).toEqual(['r', 's']);
  });

  it('keeps the first place of someone met twice and always ends (a loop in bad data)', () => {
    const loop = { parents: (id: string) => (id === 'a' ? ['b'] : ['a']), children: () => [], spouses: () => [] };
    expect(Object.fromEntries(walkFamily('a', 8, loop))).toEqual({
      a: { generation: 0, direct: true },
      b: { generation: 1, direct: true },
    });
  });
});

describe('bookPhotos', () => {
  const person = (id: string, name: string): BookPerson => ({
    id,
    name,
    given: '',
    surname: '',
    sex: 'U',
    generation: 0,
    direct: true,
    events: [],
    parents: [],
    spouses: [],
    children: [],
    conflicts: [],
  });
  const people = [person('a', 'Ann Lee'), person('j1', 'John Lee'), person('j2', 'John Lee')];
  const photo = (over: Partial<Parameters<typeof bookPhotos>[0][number]>) => ({
    id: 'p',
    people: [],
    dates: [],
    places: [],
    width: 3200,
    height: 2400,
    indexed: [],
    ...over,
  });

  it('ties a photo by the index, or by a name only one person of the book has; names everyone tagged', () => {
    const [byIndex] = bookPhotos(
      [
        photo({
          people: [
            { name: 'John Lee', role: 'primary_subject' },
            { name: 'Mary Smith', role: 'other_relative' },
          ],
          indexed: ['j2'],
          dates: [{ normalized: '1901', qualifier: 'about' }],
          places: [{ name: 'Leeds' }],
        }),
      ],
      people,
    );
    expect(byIndex).toEqual({
      id: 'p',
      caption: 'About 1901, Leeds',
      people: [
        { id: 'j2', name: 'John Lee' },
        { id: 'tag:p:mary smith', name: 'Mary Smith' },
      ],
      mime: 'image/jpeg',
      width: 1600,
      height: 1200,
    });
    // "John Lee" is two people of the book: the name alone ties the photo to neither.
    expect(bookPhotos([photo({ people: [{ name: 'John Lee', role: 'primary_subject' }] })], people)).toEqual([]);
    expect(bookPhotos([photo({ people: [{ name: 'ann lee', role: 'primary_subject' }] })], people)[0]?.people).toEqual([
      { id: 'a', name: 'Ann Lee' },
    ]);
    // An image whose size was never recorded is left out rather than placed at a guessed size.
    expect(bookPhotos([photo({ indexed: ['a'], width: null })], people)).toEqual([]);
  });

  it('scales the longer side to 1600 px and never enlarges', () => {
    expect(bookPhotoSize(2400, 3200)).toEqual({ width: 1200, height: 1600 });
    expect(bookPhotoSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
