import type { BookMaterial, BookPerson } from '../src/domain/book-material';

/** A small family written by hand for the register's tests: the Whitfields of Raleigh. */
const person = (
  p: Partial<BookPerson> & Pick<BookPerson, 'id' | 'name' | 'given' | 'surname' | 'sex'>,
): BookPerson => ({
  generation: 0,
  direct: true,
  events: [],
  parents: [],
  spouses: [],
  children: [],
  conflicts: [],
  ...p,
});

export function whitfields(): BookMaterial {
  return {
    rootId: 'john',
    rootChosen: 'asked',
    generations: 3,
    sources: [
      {
        id: 'census',
        citation: '1880 U.S. census, Wake County, North Carolina, Raleigh, John Whitfield household; image 12.',
      },
      { id: 'obit', citation: 'Obituary, John Henry Whitfield, 3 March 1921, Raleigh; digital image "obit.png".' },
      {
        id: 'marriage',
        citation:
          'Marriage certificate, John Henry Whitfield and Sarah Elizabeth Barnes, 14 June 1887, Raleigh; digital image "marriage.png".',
      },
      { id: 'bible', citation: 'Whitfield family Bible, births page; digital image "bible.jpg".' },
    ],
    people: [
      person({
        id: 'john',
        name: 'John Henry Whitfield',
        given: 'John Henry',
        surname: 'Whitfield',
        sex: 'M',
        events: [
          {
            kind: 'birth',
            date: { normalized: '1858', qualifier: 'about' },
            place: 'Raleigh',
            detail: null,
            sources: ['census'],
          },
          {
            kind: 'birth',
            date: { normalized: '1860', qualifier: 'exact' },
            place: null,
            detail: null,
            sources: ['obit'],
          },
          {
            kind: 'marriage',
            date: { normalized: '1887-06-14', qualifier: 'exact' },
            place: 'Raleigh',
            detail: null,
            spouseId: 'sarah',
            sources: ['marriage'],
          },
          {
            kind: 'occupation',
            date: { normalized: '1880', qualifier: 'exact' },
            place: null,
            detail: 'farmer',
            sources: ['census'],
          },
          {
            kind: 'death',
            date: { normalized: '1921-03-01', qualifier: 'exact' },
            place: 'Raleigh',
            detail: null,
            sources: ['obit'],
          },
        ],
        parents: [
          { personId: 'thomas', sources: ['census'] },
          { personId: 'maryann', sources: ['census'] },
        ],
        spouses: [{ personId: 'sarah', sources: ['marriage'] }],
        children: [{ personId: 'ann', sources: ['bible'] }],
        conflicts: [
          {
            kind: 'birth_years',
            message: 'The 1880 census gives his age as 22 (born about 1858); the obituary says he was born in 1860',
            sources: ['census', 'obit'],
          },
        ],
      }),
      person({
        id: 'thomas',
        name: 'Thomas Whitfield',
        given: 'Thomas',
        surname: 'Whitfield',
        sex: 'M',
        generation: 1,
        events: [
          {
            kind: 'residence',
            date: { normalized: '1880', qualifier: 'exact' },
            place: 'Raleigh',
            detail: null,
            sources: ['census'],
          },
        ],
        children: [{ personId: 'john', sources: ['census'] }],
        spouses: [{ personId: 'maryann', sources: ['census'] }],
      }),
      person({
        id: 'maryann',
        name: 'Mary Ann',
        given: 'Mary Ann',
        surname: '',
        sex: 'F',
        generation: 1,
        children: [{ personId: 'john', sources: ['census'] }],
        spouses: [{ personId: 'thomas', sources: ['census'] }],
      }),
      person({
        id: 'sarah',
        name: 'Sarah Elizabeth Barnes',
        given: 'Sarah Elizabeth',
        surname: 'Barnes',
        sex: 'F',
        direct: false,
        events: [
          {
            kind: 'marriage',
            date: { normalized: '1887-06-14', qualifier: 'exact' },
            place: 'Raleigh',
            detail: null,
            spouseId: 'john',
            sources: ['marriage'],
          },
        ],
        spouses: [{ personId: 'john', sources: ['marriage'] }],
        children: [{ personId: 'ann', sources: ['bible'] }],
      }),
      person({
        id: 'ann',
        name: 'Ann Whitfield',
        given: 'Ann',
        surname: 'Whitfield',
        sex: 'U',
        generation: -1,
        events: [
          {
            kind: 'birth',
            date: { normalized: '1889-02', qualifier: 'exact' },
            place: 'Raleigh',
            detail: null,
            sources: ['bible'],
          },
        ],
        parents: [
          { personId: 'john', sources: ['bible'] },
          { personId: 'sarah', sources: ['bible'] },
        ],
      }),
    ],
    photos: [
      {
        id: 'photo-1',
        caption: 'Wedding portrait',
        people: [
          { id: 'sarah', name: 'Sarah Elizabeth Barnes' },
          { id: 'john', name: 'John Henry Whitfield' },
          { id: 'stranger', name: 'Someone not in the book' },
        ],
        mime: 'image/jpeg',
        width: 1200,
        height: 1600,
        image: new Uint8Array([0xff, 0xd8, 0xff]),
      },
    ],
    chart: { title: 'Pedigree of John Henry Whitfield', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
  };
}
