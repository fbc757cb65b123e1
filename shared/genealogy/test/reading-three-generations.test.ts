import type { DocumentEntities, PersonDetail } from '@gnology/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { THREE_GENERATIONS, THREE_GENERATIONS_NOT_PEOPLE, THREE_GENERATIONS_TYPES } from './fixtures/three-generations';
import { readRecord } from './helpers/read-record';

/*
 * Issue 28: each of the three-generation family's five records read as a genealogist reads it.
 * Precision first: every person listed is asserted (nobody invented), every relation is the one the
 * sentence states, each event and age goes to the person the sentence is about.
 */

const read = (file: string, text = THREE_GENERATIONS[file]!): DocumentEntities =>
  readRecord({ text, isImage: /\.png$/.test(file), originalName: file });
const people = (e: DocumentEntities) => e.peopleIdentified.map((p) => `${p.name}|${p.role}`);
const detail = (e: DocumentEntities, name: string): PersonDetail | undefined =>
  e.personDetails?.find((d) => d.name === name);
const roleOf = (e: DocumentEntities, name: string) => detail(e, name)?.recordRole;

const MARRIAGE = 'whitfield-barnes-marriage-1887.png';
const BAPTISM = 'thomas-barnes-whitfield-baptism-1889.txt';
const CENSUS = 'census-1900-raleigh.txt';
const LETTER = 'letter-john-henry-1902.txt';
const OBITUARY = 'thomas-whitfield-obituary-1902.txt';

describe('issue 28: the three-generation family, record by record', () => {
  // The first reading loads the gazetteer's tables.
  beforeAll(() => void read(MARRIAGE), 120_000);

  it('types each record by its content', () => {
    for (const [file, type] of Object.entries(THREE_GENERATIONS_TYPES))
      expect([file, read(file).documentType]).toEqual([file, type]);
  });

  it('marriage certificate: the groom, the bride and each one’s parents, the officiant, the witnesses', () => {
    const e = read(MARRIAGE);
    expect(people(e)).toEqual([
      'John Henry Whitfield|primary_subject',
      'Thomas Whitfield|parent',
      'Mary Ann Whitfield|parent',
      'Sarah Elizabeth Barnes|spouse',
      // The bride's parents are the groom's in-laws, never his parents.
      'William Barnes|other_relative',
      'Catherine Barnes|other_relative',
      // "were by me united … Samuel Pritchard, Minister of the Gospel": the officiant, no relative.
      'Samuel Pritchard|other_relative',
      // "brother of the bride" is not the groom's sibling; "brother of Thomas Whitfield" is his uncle.
      'Robert Barnes|other_relative',
      'James Whitfield|other_relative',
    ]);
    expect(e.personDetails?.map((d) => `${d.name}|${d.recordRole}`)).toEqual([
      'John Henry Whitfield|groom',
      'Thomas Whitfield|father_of_groom',
      'Mary Ann Whitfield|mother_of_groom',
      'Sarah Elizabeth Barnes|bride',
      'William Barnes|father_of_bride',
      'Catherine Barnes|mother_of_bride',
      'Samuel Pritchard|officiant',
      'Robert Barnes|witness',
      'James Whitfield|witness',
    ]);
  });

  it('marriage certificate: a surname hyphenated at a line end still gives the groom his father', () => {
    const text = THREE_GENERATIONS[MARRIAGE]!.replace('son of Thomas\nWhitfield', 'son of Thomas Whit-\nfield');
    expect(text).toContain('Whit-\nfield');
    const e = read(MARRIAGE, text);
    expect(people(e).slice(0, 4)).toEqual([
      'John Henry Whitfield|primary_subject',
      'Thomas Whitfield|parent',
      'Mary Ann Whitfield|parent',
      'Sarah Elizabeth Barnes|spouse',
    ]);
    expect(roleOf(e, 'Thomas Whitfield')).toBe('father_of_groom');
    expect(people(e).some((p) => p.startsWith('Thomas Whit|'))).toBe(false);
  });

  it('baptism register: the child, both parents (the mother’s names across a line), sponsors and the rector apart', () => {
    const e = read(BAPTISM);
    expect(e.documentType).toBe('birth');
    expect(people(e)).toEqual([
      'Thomas Barnes Whitfield|primary_subject',
      'John Henry Whitfield|parent',
      // "Sarah⏎Elizabeth his wife": one woman, the father's wife, under his surname as the entry gives it.
      'Sarah Elizabeth Whitfield|parent',
      'Robert Barnes|other_relative',
      'Mary Ann Whitfield|other_relative',
      'Samuel Pritchard|other_relative',
    ]);
    expect(roleOf(e, 'John Henry Whitfield')).toBe('father');
    expect(roleOf(e, 'Sarah Elizabeth Whitfield')).toBe('mother');
    expect(roleOf(e, 'Robert Barnes')).toBe('sponsor');
    expect(roleOf(e, 'Mary Ann Whitfield')).toBe('sponsor');
    expect(roleOf(e, 'Samuel Pritchard')).toBe('officiant');
    // The birth and the baptism are the child's, each its own date.
    const child = detail(e, 'Thomas Barnes Whitfield');
    expect(child?.born).toMatch(/^1889-02(?:-10)?$/);
    expect(child?.baptized).toMatch(/^1889-03(?:-17)?$/);
    expect(detail(e, 'John Henry Whitfield')?.born).toBeUndefined();
    expect(detail(e, 'Sarah Elizabeth Whitfield')?.born).toBeUndefined();
  });

  it('census page: surname-first rows, each relation to the head, ages; column values are no people', () => {
    const e = read(CENSUS);
    expect(people(e)).toEqual([
      'John H. Whitfield|primary_subject',
      'Sarah E. Whitfield|spouse',
      'Thomas B. Whitfield|child',
      // "Father" is the head's father: the grandfather, not merged into the grandson of his name.
      'Thomas Whitfield|parent',
      'George Hale|other_relative',
    ]);
    expect(e.personDetails?.map((d) => [d.name, d.recordRole, d.age, d.born])).toEqual([
      ['John H. Whitfield', 'head', 37, '1862-10'],
      ['Sarah E. Whitfield', 'wife', 34, '1866-01'],
      ['Thomas B. Whitfield', 'son', 11, '1889-02'],
      // The product's labelled census rows give a relative of the head no record role beyond the column's relation.
      ['Thomas Whitfield', undefined, 69, '1831'],
      ['George Hale', 'boarder', 18, '1882'],
    ]);
    const names = e.peopleIdentified.map((p) => p.name).join(' | ');
    for (const value of [
      "Baker's Apprentice",
      'Apprentice',
      'At school',
      'Carpenter',
      'Farmer',
      'North Carolina',
      'Ohio',
    ])
      expect(names).not.toContain(value);
  });

  it('census page with tab columns reads as with bars', () => {
    const e = read(CENSUS, THREE_GENERATIONS[CENSUS]!.replace(/ \| ?/g, '\t'));
    expect(people(e)).toEqual([
      'John H. Whitfield|primary_subject',
      'Sarah E. Whitfield|spouse',
      'Thomas B. Whitfield|child',
      'Thomas Whitfield|parent',
      'George Hale|other_relative',
    ]);
    expect(detail(e, 'Thomas Whitfield')).toEqual({ name: 'Thomas Whitfield', age: 69, born: '1831' });
    expect(roleOf(e, 'George Hale')).toBe('boarder');
  });

  it('letter: a letter though it tells of a death; the father’s death and age are his, not the writer’s', () => {
    const e = read(LETTER);
    expect(e.documentType).toBe('letter');
    expect(people(e)).toEqual([
      // The writer, by his signature under "Your affectionate cousin,".
      'John Henry Whitfield|primary_subject',
      'William|other_relative',
      'Thomas Whitfield|parent',
      // "Sarah and I were married in June 1886": the writer's wife, under his surname.
      'Sarah Whitfield|spouse',
      // "our boy Thomas" is the writer's son: never merged into his grandfather Thomas Whitfield (a
      // given name alone whose relation contradicts the full name's is left out rather than merged).
    ]);
    expect(detail(e, 'Thomas Whitfield')).toEqual({
      name: 'Thomas Whitfield',
      recordRole: 'deceased',
      // "passed away on the 3rd of this month", the letter dated 20th March 1902.
      died: '1902-03-03',
      age: 71,
    });
    const writer = detail(e, 'John Henry Whitfield');
    expect(writer?.recordRole).not.toBe('deceased');
    expect(writer?.died).toBeUndefined();
    expect(writer?.age).toBeUndefined();
  });

  it('obituary: the deceased with his death date and age; his wife’s own death; son and grandson', () => {
    const e = read(OBITUARY);
    expect(e.documentType).toBe('obituary');
    expect(people(e)).toEqual([
      'Thomas Whitfield|primary_subject',
      'Mary Ann Whitfield|spouse',
      'John Henry Whitfield|child',
      // "a grandson, Thomas Barnes⏎Whitfield": the surname on the next line is his.
      'Thomas Barnes Whitfield|other_relative',
    ]);
    expect(detail(e, 'Thomas Whitfield')).toMatchObject({ recordRole: 'deceased', died: '1902-03-03', age: 71 });
    // "His wife, Mary Ann Whitfield, died in 1895": her death, not the record's deceased.
    expect(detail(e, 'Mary Ann Whitfield')).toMatchObject({ recordRole: 'wife', died: '1895' });
    expect(detail(e, 'Mary Ann Whitfield')?.age).toBeUndefined();
    expect(detail(e, 'John Henry Whitfield')?.died).toBeUndefined();
    expect(detail(e, 'Thomas Barnes Whitfield')?.died).toBeUndefined();
  });

  it('never makes a person of a column value, a place or a church', () => {
    for (const file of Object.keys(THREE_GENERATIONS)) {
      const names = read(file).peopleIdentified.map((p) => p.name);
      for (const not of THREE_GENERATIONS_NOT_PEOPLE) expect(names).not.toContain(not);
    }
  });
});
