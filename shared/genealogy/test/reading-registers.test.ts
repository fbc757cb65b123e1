import type { DocumentEntities } from '@gnology/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';

/*
 * Issue 28: the person an old register entry is about, read from its formula, not taken from the
 * first name written (a coroner, a justice, a king's regnal name). Texts written for this test in
 * the registers' wording.
 */

const read = (text: string): DocumentEntities => readRecord({ text, isImage: false });
const people = (e: DocumentEntities) => e.peopleIdentified.map((p) => `${p.name}|${p.role}`);

describe('issue 28: whom a register entry is about', () => {
  beforeAll(() => void read('Thomas Whitfield of Raleigh.'), 120_000);

  it('a coroner’s inquest: the body viewed is the deceased; the coroner without his office in his name', () => {
    const e = read(
      'An Inquisition taken at the Parish of St. Anne the Fourth day of May in the Year of our Lord 1770 Before Thomas Prickard Coroner, Upon a View of the Body of Edward Marsh then and there lying Dead by the Oaths of William Hale, John Dent and Robert Price who say that the said Edward Marsh fell into the River and was Drowned.',
    );
    expect(e.documentType).toBe('death');
    expect(people(e)[0]).toBe('Edward Marsh|primary_subject');
    expect(e.personDetails).toContainEqual({ name: 'Edward Marsh', recordRole: 'deceased' });
    expect(people(e)).toContain('Thomas Prickard|other_relative');
    expect(e.personDetails?.filter((d) => d.recordRole === 'deceased')).toHaveLength(1);
  });

  it('a removal order: the pauper removed, not the justice who signed it', () => {
    const e = read(
      'By Order under the hands and Seals of Henry Lane and Joseph Cox Esqrs. two of his Majesties Justices of the Peace bearing Date the 3d. Day of May 1760 Mary Fenton Widow was removed from the Parish of St. Clement Danes to the Parish of Hendon.',
    );
    expect(people(e)[0]).toBe('Mary Fenton|primary_subject');
  });

  it('a burial register: the age after "Mary, wife of John Smith," is Mary’s, never her husband’s', () => {
    const e = read('Buried 4 May 1850, Mary, wife of John Smith, aged 40. Buried 6 May, Thomas Brown, aged 61.');
    expect(e.personDetails?.find((d) => d.name === 'Mary Smith')?.age).toBe(40);
    expect(e.personDetails?.find((d) => d.name === 'John Smith')?.age).toBeUndefined();
    expect(e.personDetails?.find((d) => d.name === 'Thomas Brown')?.age).toBe(61);
  });

  it('an old funeral entry: "deceased at … the 23rd of August 1605" is the death of the man named, past his residence', () => {
    const e = read(
      'William Fitz Williams of Jobston deceased at Merion the 23rd of August 1605. The deceased was a gentleman.',
    );
    expect(e.personDetails?.find((d) => d.name === 'William Fitz Williams')?.died).toBe('1605-08-23');
    const f = read('Mary, wife of John Smith of Leeds, died in 1890.');
    expect(f.personDetails?.find((d) => d.name === 'Mary Smith')?.died).toBe('1890');
    expect(f.personDetails?.find((d) => d.name === 'John Smith')?.died).toBeUndefined();
  });

  it('"Thos. Pounder Sarah his Wife": a name run into the wife’s given name is two people', () => {
    const e = read(
      'By Order bearing Date the 3d. Day of December 1755 Thos. Pounder Sarah his Wife and their Two Children (to wit) Susannah Aged about Seven Years were Removed from the Parish of St. Clement Danes to the Parish of Hendon.',
    );
    expect(people(e).slice(0, 3)).toEqual([
      'Thos. Pounder|primary_subject',
      'Sarah Pounder|spouse',
      'Susannah Pounder|child',
    ]);
  });
});
