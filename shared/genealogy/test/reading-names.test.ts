import type { DocumentEntities } from '@gnology/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';

/*
 * Issue 28, point 5: titles, Sr./Jr., maiden and married names still read right beside the new
 * rules (events given to their owner, the officiant apart, the groom by "son of").
 */

const read = (text: string): DocumentEntities => readRecord({ text, isImage: false });
const people = (e: DocumentEntities) => e.peopleIdentified.map((p) => `${p.name}|${p.role}`);
const detail = (e: DocumentEntities, name: string) => e.personDetails?.find((d) => d.name === name);

describe('issue 28: titles, Sr./Jr., née and married names', () => {
  beforeAll(() => void read('Thomas Whitfield of Raleigh.'), 120_000);

  it('an obituary of "Mrs. Anna Brandt": her title apart, her death and age hers, her husband Jr., her children', () => {
    const e = read(
      'OBITUARY\n\nMrs. Anna Brandt died at her home on May 2, 1911, aged 80 years. She was the widow of John Brandt Jr. She is survived by a daughter, Mrs. Mary Cole, and a son, William Brandt Sr.',
    );
    expect(e.documentType).toBe('obituary');
    expect(people(e)).toEqual([
      'Anna Brandt|primary_subject',
      'John Brandt Jr|spouse',
      'Mary Cole|child',
      'William Brandt Sr|child',
    ]);
    expect(detail(e, 'Anna Brandt')).toEqual({
      name: 'Anna Brandt',
      recordRole: 'deceased',
      title: 'Mrs.',
      died: '1911-05-02',
      age: 80,
    });
    expect(detail(e, 'Mary Cole')).toEqual({ name: 'Mary Cole', recordRole: 'daughter', title: 'Mrs.' });
    expect(detail(e, 'John Brandt Jr')?.died).toBeUndefined();
  });

  it('"Mary Ann Whitfield, née Brown": her married name, her own death, the maiden name no person', () => {
    const e = read(
      'Thomas Whitfield died on March 3, 1902. His wife, Mary Ann Whitfield, née Brown, died in 1895. He leaves a son, John Henry Whitfield.',
    );
    expect(people(e)).toEqual([
      'Thomas Whitfield|primary_subject',
      'Mary Ann Whitfield|spouse',
      'John Henry Whitfield|child',
    ]);
    expect(detail(e, 'Thomas Whitfield')).toMatchObject({ recordRole: 'deceased', died: '1902-03-03' });
    expect(detail(e, 'Mary Ann Whitfield')).toMatchObject({ recordRole: 'wife', died: '1895' });
  });

  it('a marriage notice: Jr. and Sr. two people, the groom by "son of", the clergyman no list head', () => {
    const e = read(
      'Married, at Raleigh, on the 14th of June 1887, by the Rev. Samuel Pritchard, John Henry Whitfield Jr., son of John Henry Whitfield Sr., to Miss Sarah Barnes, daughter of William Barnes.',
    );
    expect(e.documentType).toBe('marriage');
    expect(people(e)).toEqual([
      'John Henry Whitfield Jr|primary_subject',
      'Samuel Pritchard|other_relative',
      'John Henry Whitfield Sr|parent',
      'Sarah Barnes|spouse',
      'William Barnes|other_relative',
    ]);
    expect(e.personDetails).toEqual([
      { name: 'John Henry Whitfield Jr', recordRole: 'groom' },
      { name: 'Samuel Pritchard', recordRole: 'officiant', title: 'Rev.' },
      { name: 'John Henry Whitfield Sr', recordRole: 'father_of_groom' },
      { name: 'Sarah Barnes', recordRole: 'bride', title: 'Miss' },
      { name: 'William Barnes', recordRole: 'father_of_bride' },
    ]);
  });

  it('a clergyman named with his office in prose is not made an officiant', () => {
    const e = read(
      'OBITUARY\n\nThe Rev. Samuel Pritchard, Rector of Christ Church, died on March 9, 1910, aged 77 years.',
    );
    expect(detail(e, 'Samuel Pritchard')).toMatchObject({ recordRole: 'deceased', died: '1910-03-09', age: 77 });
  });
});

describe('issue 28: names broken across lines in announcements', () => {
  const text =
    'Mr. and Mrs. Walter J.\nPrescott of Dover announce the engagement of their daughter, Darlene\nJoy, to Lieutenant Frank Oswald Kerr, son of Mr.\nand Mrs. Henry Kerr of Concord.';

  it('an initial at a line end and a name after "their daughter," go on to the next line', () => {
    const names = read(text).peopleIdentified.map((p) => p.name);
    expect(names).toContain('Walter J. Prescott');
    expect(names).toContain('Darlene Joy');
    expect(names).not.toContain('Walter');
    expect(names.filter((n) => n.startsWith('Darlene'))).toEqual(['Darlene Joy']);
  });

  it('"Mr. and Mrs. Henry Kerr" names him: his title is Mr., not Mrs.', () => {
    const e = read(text);
    expect(detail(e, 'Henry Kerr')?.title).toBe('Mr.');
    expect(detail(e, 'Walter J. Prescott')?.title).toBe('Mr.');
  });

  it('"Mr. and Mrs. X announce the marriage of their daughter, …, to …": the bride, the groom and both fathers', () => {
    const e = read(
      'Mr. and Mrs. Walter J.\nPrescott of Dover announce the marriage of their daughter, Darlene\nJoy, to Lieutenant Frank Oswald Kerr, son of Mr.\nand Mrs. Henry Kerr of Concord. The wedding took place June 4.',
    );
    expect(detail(e, 'Frank Oswald Kerr')?.recordRole).toBe('groom');
    expect(detail(e, 'Darlene Joy')?.recordRole).toBe('bride');
    expect(detail(e, 'Walter J. Prescott')?.recordRole).toBe('father_of_bride');
    expect(detail(e, 'Henry Kerr')?.recordRole).toBe('father_of_groom');
  });
});
