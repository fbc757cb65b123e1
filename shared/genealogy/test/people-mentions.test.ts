import type { DateInfoItem, PersonDetail, PersonTag } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { type DocumentFacts, mentionsOfDocument } from '../src/people/mentions';

/*
 * The events a record gives each of its people (issue 28), on hand-built readings: what the
 * extraction states of a person wins over the record type's guess, census rows are found by name
 * and relationship, wrapped prose is read as sentences.
 */

const date = (original: string, normalized: string): DateInfoItem => ({
  original,
  normalized,
  qualifier: 'exact',
  year: Number(normalized.slice(0, 4)),
});
const doc = (p: Partial<DocumentFacts>): DocumentFacts => ({
  id: 'd',
  fileName: 'd.txt',
  documentType: 'other',
  text: '',
  people: [],
  details: [],
  dates: [],
  places: [],
  occupations: [],
  pages: [],
  ...p,
});
const eventsOf = (facts: DocumentFacts) =>
  Object.fromEntries(
    mentionsOfDocument(facts).map((m) => [
      m.nameAsWritten,
      m.events.map((e) => `${e.kind} ${e.date}${e.estimated ? ` (age ${e.age})` : ''}`),
    ]),
  );

const LETTER = `Raleigh, N.C., 20th March 1902

Dear Cousin William,

It is with a heavy heart that I write. Father, Thomas Whitfield, passed
away on the 3rd of this month at our house, aged 71 years. Sarah and I were married in June
1886, as you will remember.

John Henry Whitfield`;
const letterPeople: PersonTag[] = [
  { name: 'John Henry Whitfield', role: 'primary_subject' },
  { name: 'Thomas Whitfield', role: 'parent' },
];
const letterDates = [date('20th March 1902', '1902-03-20'), date('June\n1886', '1886-06')];

describe('people mentions: who an event belongs to', () => {
  it("gives a letter's death to the father it names, never to the writer; the writer's own wedding to the writer", () => {
    // Without the extraction's word on who died: the death verb after the father's name.
    expect(eventsOf(doc({ documentType: 'letter', text: LETTER, people: letterPeople, dates: letterDates }))).toEqual({
      'John Henry Whitfield': ['marriage 1886-06'],
      'Thomas Whitfield': ['death null', 'birth 1831 (age 71)'],
    });
    // With it (the date read against the dateline): its date, and the age at the death.
    // The facts extraction states of a person (optional PersonDetail fields).
    const details: (PersonDetail & { died?: string; age?: number })[] = [
      { name: 'Thomas Whitfield', recordRole: 'deceased', died: '1902-03-03', age: 71 },
    ];
    const stated = doc({
      documentType: 'letter',
      text: LETTER,
      people: letterPeople,
      dates: letterDates,
      details,
    });
    expect(eventsOf(stated)).toEqual({
      'John Henry Whitfield': ['marriage 1886-06'],
      'Thomas Whitfield': ['death 1902-03-03', 'birth 1831 (age 71)'],
    });
    // Even in a letter typed as an obituary: the writer is not the one who died.
    expect(eventsOf({ ...stated, documentType: 'obituary' })['John Henry Whitfield']).toEqual([]);
  });

  it('gives a death to the name the verb follows, not to a name inside another clause', () => {
    const text =
      'OBITUARY\nThomas Whitfield died on March 3, 1902. His wife, Mary Ann Whitfield, died in 1895.\nJohn Whitfield, son of James Whitfield, died young.';
    const people: PersonTag[] = [
      { name: 'Thomas Whitfield', role: 'primary_subject' },
      { name: 'Mary Ann Whitfield', role: 'spouse' },
      { name: 'John Whitfield', role: 'other_relative' },
      { name: 'James Whitfield', role: 'other_relative' },
    ];
    const dates = [date('March 3, 1902', '1902-03-03'), date('1895', '1895')];
    expect(eventsOf(doc({ documentType: 'obituary', text, people, dates }))).toEqual({
      'Thomas Whitfield': ['death 1902-03-03'],
      'Mary Ann Whitfield': ['death 1895'],
      'John Whitfield': ['death null'],
      'James Whitfield': [],
    });
  });

  it("reads a baptism register's birth and baptism, each with its own date", () => {
    const text =
      'REGISTER OF BAPTISMS\nThomas Barnes Whitfield, son of John Henry Whitfield, born the tenth of February 1889, was baptized the\nseventeenth of March 1889.';
    const people: PersonTag[] = [
      { name: 'Thomas Barnes Whitfield', role: 'primary_subject' },
      { name: 'John Henry Whitfield', role: 'parent' },
    ];
    const dates = [date('tenth of February 1889', '1889-02-10'), date('seventeenth of March 1889', '1889-03-17')];
    const [thomas] = mentionsOfDocument(doc({ documentType: 'birth', text, people, dates }));
    expect(thomas!.events.map((e) => [e.kind, e.date, e.registered])).toEqual([
      ['baptism', '1889-03-17', true],
      ['birth', '1889-02-10', true],
    ]);
    expect(thomas!.birthYear).toBe(1889);
  });

  it("finds each person's census row by name and relationship: the son's, not his grandfather's of one name", () => {
    const text = `TWELFTH CENSUS OF THE UNITED STATES, 1900.
Whitfield, John H. | Head | W | M | Oct 1862 | 37 | M | 13 | North Carolina | Carpenter
Whitfield, Thomas B. | Son | W | M | Feb 1889 | 11 | S | | North Carolina | At school
Whitfield, Thomas | Father | W | M | 1831 | 69 | Wd | | North Carolina | Farmer`;
    const people: PersonTag[] = [
      { name: 'John Whitfield', role: 'primary_subject' },
      { name: 'Thomas Whitfield', role: 'child' },
    ];
    const details: PersonDetail[] = [
      { name: 'John Whitfield', recordRole: 'head' },
      { name: 'Thomas Whitfield', recordRole: 'son' },
    ];
    const dates = [
      date('1900', '1900'),
      date('Oct 1862', '1862-10'),
      date('Feb 1889', '1889-02'),
      date('1831', '1831'),
    ];
    const [john, son] = mentionsOfDocument(
      doc({ documentType: 'census', text, people, details, dates, occupations: ['Carpenter', 'Farmer'] }),
    );
    expect(john!.events.map((e) => `${e.kind} ${e.date}`)).toEqual([
      'residence 1900',
      'birth 1862-10',
      'occupation 1900',
    ]);
    expect(son!.events.map((e) => `${e.kind} ${e.date}`)).toEqual(['residence 1900', 'birth 1889-02']);
    // A row without a birth column: the age at the census, as an estimate.
    const ages = mentionsOfDocument(
      doc({
        documentType: 'census',
        text: '1880 census.\nWhitfield, Thomas, head, male, 48, farmer',
        people: [{ name: 'Thomas Whitfield', role: 'primary_subject' }],
        dates: [date('1880', '1880')],
      }),
    );
    expect(ages[0]!.events.map((e) => `${e.kind} ${e.date} ${e.age ?? ''}`)).toEqual([
      'residence 1880 ',
      'birth 1832 48',
    ]);
  });

  it('never gives the head of a census household an occupation another row holds', () => {
    const text = `TWELFTH CENSUS OF THE UNITED STATES, 1900.
Whitfield, John H. | Head | W | M | Oct 1862 | 37 | M | 13 | North Carolina | Joiner
Whitfield, Thomas | Father | W | M | 1831 | 69 | Wd | | North Carolina | Farmer`;
    const people: PersonTag[] = [
      { name: 'John H. Whitfield', role: 'primary_subject' },
      { name: 'Thomas Whitfield', role: 'parent' },
    ];
    // The reading found only the father's occupation: it stays his.
    const [john, father] = mentionsOfDocument(
      doc({ documentType: 'census', text, people, dates: [date('1900', '1900')], occupations: ['farmer'] }),
    );
    expect(john!.events.filter((e) => e.kind === 'occupation')).toEqual([]);
    expect(father!.events.filter((e) => e.kind === 'occupation').map((e) => e.detail)).toEqual(['farmer']);
  });

  it('gives a son named by his given name alone his father’s surname, and no one else a surname', () => {
    const people: PersonTag[] = [
      { name: 'John Henry Whitfield', role: 'primary_subject' },
      { name: 'Thomas', role: 'child' },
      { name: 'William', role: 'other_relative' },
      { name: 'Sarah', role: 'spouse' },
    ];
    const mentions = mentionsOfDocument(doc({ documentType: 'letter', text: LETTER, people, dates: letterDates }));
    expect(mentions.map((x) => [x.nameAsWritten, x.surnameKeys])).toEqual([
      ['John Henry Whitfield', ['whitfield']],
      ['Thomas', ['whitfield']],
    ]);
  });

  it("finds a bride under her husband's surname too", () => {
    const people: PersonTag[] = [
      { name: 'John Henry Whitfield', role: 'primary_subject' },
      { name: 'Sarah Elizabeth Barnes', role: 'spouse' },
    ];
    const details: PersonDetail[] = [
      { name: 'John Henry Whitfield', recordRole: 'groom' },
      { name: 'Sarah Elizabeth Barnes', recordRole: 'bride' },
    ];
    const [, sarah] = mentionsOfDocument(doc({ documentType: 'marriage', people, details }));
    expect(sarah!.surnameKeys).toEqual(['barnes', 'whitfield']);
  });
});
