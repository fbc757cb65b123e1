import type { DocumentEntities } from '@gnology/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';

/*
 * Issue 28: a death given to the man who died, and a child never made his own father. The texts are written
 * here; the causes came from the bench's funeral entries and removal orders (bench/genealogy).
 */

const read = (text: string): DocumentEntities => readRecord({ text, isImage: false });
const people = (e: DocumentEntities) => e.peopleIdentified.map((p) => `${p.name}|${p.role}`);
const detail = (e: DocumentEntities, name: string) => e.personDetails?.find((d) => d.name === name);

beforeAll(() => void read('Thomas Whitfield of Raleigh.'), 120_000);

describe('whose death, whose name', () => {
  it('"William Hale of Jobston deceased …": the death is his, not that of the woman he was to marry', () => {
    const e = read(
      'William Hale of Jobston deceased of the plague at Merion 1605; a few weeks before he did marry Jennet daughter of Gerald Birne of Ballyhorsee and had no issue.',
    );
    expect(e.peopleIdentified[0]).toEqual({ name: 'William Hale', role: 'primary_subject' });
    expect(detail(e, 'William Hale')?.recordRole).toBe('deceased');
    expect(detail(e, 'Jennet Birne')?.recordRole).not.toBe('deceased');
  });

  it('"Sarah Smith Widow of Wm Smith deceased was removed": she is the subject, the dead husband is not', () => {
    const e = read(
      'By an Order of the Justices bearing date 28th. June 1791. Sarah Smith Widow of Wm Smith deceased was removed from St. Anne to St. James.',
    );
    expect(e.peopleIdentified[0]).toEqual({ name: 'Sarah Smith', role: 'primary_subject' });
  });

  it('"John Smith, son of John Smith and Mary Smith": the child is never his own father', () => {
    const e = read('Baptized May 3, 1850, John Smith, son of John Smith and Mary Smith of Dover.');
    expect(people(e)[0]).toBe('John Smith|primary_subject');
    expect(detail(e, 'John Smith')?.recordRole).toBeUndefined();
    expect(people(e)).toContain('Mary Smith|parent');
  });

  it('a name that already ends in the surname it would be completed with stays as written', () => {
    const names = read(
      'By Order of the Justices Dated 23d. June 1786 Cath: Patterson togr. with Eleanor Cliffen her Daur were removed to St. Botolph. Cath: Patterson with her Daur named Eleanor Cliffen',
    ).peopleIdentified.map((p) => p.name);
    expect(names.some((n) => /Cliffen Cliffen/.test(n))).toBe(false);
  });
});
