import { describe, expect, it } from 'vitest';
import { decodeGedcom, NotGedcomError } from '../src/gedcom/decode';
import { parseGedcomLines } from '../src/gedcom/parse';
import { readGedcomTree, yearOf } from '../src/gedcom/read-tree';
import {
  anselFile,
  GEDCOM7,
  generatedTree,
  REMARRIAGE_551,
  REMARRIAGE_COUNTS,
  utf16File,
} from './fixtures/gedcom-samples';

const bytes = (s: string) => Buffer.from(s, 'utf8');

describe('GEDCOM import reader (issue 32)', () => {
  it('reads a 5.5.1 file with a remarriage: every person, family and source, with facts, sources and notes', () => {
    const tree = readGedcomTree(bytes(REMARRIAGE_551));
    expect({
      individuals: tree.individuals.length,
      families: tree.families.length,
      sources: tree.sources.length,
    }).toEqual(REMARRIAGE_COUNTS);
    expect(tree.version).toBe('5.5.1');
    const thomas = tree.individuals.find((i) => i.xref === '@I1@')!;
    expect(thomas).toMatchObject({ name: 'Thomas Whitfield', given: 'Thomas', surname: 'Whitfield', sex: 'M' });
    expect(thomas.birthYear).toBe(1820);
    expect(thomas.deathYear).toBe(1890);
    const birth = thomas.facts.find((f) => f.tag === 'BIRT')!;
    expect(birth).toMatchObject({ label: 'Birth', date: 'ABT 1820', place: 'Raleigh, Wake, North Carolina, USA' });
    expect(birth.citations).toEqual([
      { sourceXref: '@S1@', title: 'Wake County Baptisms, 1800-1850', page: 'p. 12, entry 4', text: null },
    ]);
    expect(thomas.facts.find((f) => f.tag === 'OCCU')).toMatchObject({ label: 'Occupation', value: 'Blacksmith' });
    expect(thomas.facts.find((f) => f.tag === 'DEAT')!.notes).toEqual(['CAUS: Pneumonia']);
    // CONC joins without a break, CONT starts a new line.
    expect(thomas.notes).toContain(
      'Thomas kept the forge on Hillsborough Street for forty years and was known to everyone in the parish.\nHe could not write his name.',
    );
    // The custom tag is kept as a note with what it holds, and the user is told.
    expect(thomas.notes).toContain('_MILT: Served in the 14th Regiment\n  DATE: 1862');
    expect(tree.warnings.join('\n')).toMatch(/Kept as notes: .*_MILT/);
    // Remarriage: two families with Thomas, one child each.
    expect(tree.families.filter((f) => f.partner1 === '@I1@').map((f) => [f.partner2, f.children])).toEqual([
      ['@I2@', ['@I4@']],
      ['@I3@', ['@I5@']],
    ]);
    expect(tree.families[0]!.facts[0]).toMatchObject({
      tag: 'MARR',
      label: 'Marriage',
      date: '14 JUN 1845',
      year: 1845,
    });
    // A NOTE record is read where it is pointed at.
    expect(tree.individuals.find((i) => i.xref === '@I3@')!.notes).toEqual(['Ann came from Wales\nwith her brother.']);
  });

  it('decodes ANSEL: diacritics before their letters become composed letters', () => {
    const decoded = decodeGedcom(anselFile());
    expect(decoded.encoding).toBe('ANSEL');
    const tree = readGedcomTree(anselFile());
    expect(tree.individuals[0]!.name).toBe('José Łukasiewicz Müller');
    expect(tree.individuals[0]!.surname).toBe('Łukasiewicz Müller');
    expect(tree.individuals[0]!.facts[0]!.place).toBe('Gdańsk');
    expect(tree.warnings).toEqual([]);
  });

  it('decodes UTF-16 with a byte order mark, and UTF-8 with or without one', () => {
    expect(decodeGedcom(utf16File()).encoding).toBe('UTF-16LE');
    expect(readGedcomTree(utf16File()).individuals[0]!.name).toBe('Zoë Ærø');
    const be = Buffer.from(utf16File().subarray(2)).swap16();
    expect(readGedcomTree(Buffer.concat([Buffer.from([0xfe, 0xff]), be])).individuals[0]!.name).toBe('Zoë Ærø');
    const plain = REMARRIAGE_551;
    expect(readGedcomTree(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes(plain)])).individuals).toHaveLength(5);
  });

  it('reads GEDCOM 7: a same-sex couple, a Julian date, a shared note starting with an escaped @', () => {
    const tree = readGedcomTree(bytes(GEDCOM7));
    expect(tree.version).toBe('7.0');
    expect(tree.individuals.map((i) => [i.name, i.sex])).toEqual([
      ['Alex Martin', 'F'],
      ['Sam Martin', 'F'],
    ]);
    expect(tree.families[0]).toMatchObject({ partner1: '@I1@', partner2: '@I2@' });
    expect(tree.individuals[0]!.facts[0]).toMatchObject({ date: 'JULIAN 1 JAN 1700', year: 1700 });
    expect(tree.individuals[0]!.notes).toEqual(['@home of Alex: Bristol']);
    expect(tree.families[0]!.facts[0]!.citations[0]).toMatchObject({
      title: 'Parish register of St Mary',
      page: 'folio 3',
    });
    expect(tree.families[0]!.notes).toEqual(['_WITNESS: Ruth Martin']);
  });

  it('keeps a GEDCOM 7 record without an xref (nothing points at it, but it is in the file)', () => {
    const tree = readGedcomTree(
      bytes(
        [
          '0 HEAD',
          '1 GEDC',
          '2 VERS 7.0',
          '0 INDI',
          '1 NAME Nobody /Pointed/',
          '0 @I1@ INDI',
          '0 SOUR',
          '1 TITL Loose',
          '0 TRLR',
        ].join('\n'),
      ),
    );
    expect(tree.individuals.map((i) => [i.xref, i.name])).toEqual([
      ['#L4', 'Nobody Pointed'],
      ['@I1@', '(no name)'],
    ]);
    expect(tree.sources.map((s) => s.title)).toEqual(['Loose']);
  });

  it('refuses what is not GEDCOM with a clear error', () => {
    expect(() => readGedcomTree(bytes('%PDF-1.7\n1 0 obj'))).toThrow(NotGedcomError);
    expect(() => readGedcomTree(bytes('Name,Born\nThomas,1820\n'))).toThrow(/not a GEDCOM file/);
    expect(() => readGedcomTree(Buffer.alloc(0))).toThrow(NotGedcomError);
  });

  it('skips damaged lines and says so, keeping the rest', () => {
    const text = REMARRIAGE_551.replace('1 SEX M', 'this line is damaged\r\n1 SEX M');
    const tree = readGedcomTree(bytes(text));
    expect(tree.individuals).toHaveLength(5);
    expect(tree.warnings.join('\n')).toMatch(/1 line is not GEDCOM and was skipped \(line 9\)/);
  });

  it('reads years of GEDCOM dates, none for other calendars', () => {
    expect(yearOf('BET 1850 AND 1860')).toBe(1850);
    expect(yearOf('@#DJULIAN@ 11 FEB 1731/32')).toBe(1731);
    expect(yearOf('HEBREW 1 TSH 5600')).toBeNull();
    expect(yearOf('FRENCH_R 1 VEND 12')).toBeNull();
    expect(yearOf('(about the time of the war)')).toBeNull();
    expect(yearOf('INT 1850 (about)')).toBe(1850);
  });

  it('parses the levels of a generated 3,000-person file quickly', () => {
    const text = generatedTree(3000);
    const started = performance.now();
    const tree = readGedcomTree(bytes(text));
    expect(tree.individuals).toHaveLength(3000);
    expect(tree.families).toHaveLength(750);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(parseGedcomLines(text).warnings).toEqual([]);
  });
});
