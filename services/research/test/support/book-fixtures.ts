import type { BookMaterial } from '../../src/domain/book-material';

/** A small family as the documents service gives it for a book: a couple and their son, one census cited. */
export function smallFamily(): BookMaterial {
  const census = 'src-census-1880';
  return {
    rootId: 'p-john',
    rootChosen: 'asked',
    generations: 2,
    people: [
      {
        id: 'p-john',
        name: 'John Henry Whitfield',
        given: 'John Henry',
        surname: 'Whitfield',
        sex: 'M',
        generation: 0,
        direct: true,
        events: [
          {
            kind: 'birth',
            date: { normalized: '1858-03-02', qualifier: 'exact' },
            place: 'Raleigh, Wake, North Carolina',
            detail: null,
            sources: [census],
          },
          {
            kind: 'marriage',
            date: { normalized: '1887-06-14', qualifier: 'exact' },
            place: 'Raleigh, Wake, North Carolina',
            detail: null,
            spouseId: 'p-sarah',
            sources: [census],
          },
        ],
        parents: [{ personId: 'p-thomas', sources: [census] }],
        spouses: [{ personId: 'p-sarah', sources: [census] }],
        children: [],
        conflicts: [],
      },
      {
        id: 'p-sarah',
        name: 'Sarah Elizabeth Barnes',
        given: 'Sarah Elizabeth',
        surname: 'Barnes',
        sex: 'F',
        generation: 0,
        direct: false,
        events: [
          {
            kind: 'birth',
            date: { normalized: '1862', qualifier: 'exact' },
            place: 'Wake, North Carolina',
            detail: null,
            sources: [census],
          },
        ],
        parents: [],
        spouses: [{ personId: 'p-john', sources: [census] }],
        children: [],
        conflicts: [],
      },
      {
        id: 'p-thomas',
        name: 'Thomas Whitfield',
        given: 'Thomas',
        surname: 'Whitfield',
        sex: 'M',
        generation: 1,
        direct: true,
        events: [
          {
            kind: 'death',
            date: { normalized: '1890', qualifier: 'exact' },
            place: 'Raleigh, Wake, North Carolina',
            detail: null,
            sources: [census],
          },
        ],
        parents: [],
        spouses: [],
        children: [{ personId: 'p-john', sources: [census] }],
        conflicts: [],
      },
    ],
    sources: [
      { id: census, citation: '1880 U.S. census, Wake County, North Carolina, population schedule, Raleigh, p. 12.' },
    ],
    photos: [],
    chart: null,
  };
}

/** A library with no people in it. */
export function emptyLibrary(): BookMaterial {
  return { rootId: '', rootChosen: 'default', generations: 4, people: [], sources: [], photos: [], chart: null };
}
