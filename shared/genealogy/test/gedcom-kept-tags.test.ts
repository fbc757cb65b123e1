import { describe, expect, it } from 'vitest';
import { readGedcomTree } from '../src/gedcom/read-tree';

/*
 * Issue 32: "unknown tags are kept as notes, not dropped silently". What programs write under the
 * lines the reader does read (a place's map position, a citation's quality, an adoption under
 * FAMC or CHIL, a name's type, identifiers) must survive the import as notes, and the warnings
 * must name them.
 */

const FILE = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '2 FORM LINEAGE-LINKED',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Dr. Mary /Smith/',
  '2 NPFX Dr.',
  '2 GIVN Mary',
  '2 SURN Smith',
  '1 NAME Mary /Jones/',
  '2 TYPE married',
  '1 SEX F',
  '1 BIRT',
  '2 DATE 2 Jan 1952',
  '3 TIME 04:30',
  '2 PLAC Hempton, Norfolk, England',
  '3 MAP',
  '4 LATI N52.8333',
  '4 LONG E0.8333',
  '2 SOUR @S1@',
  '3 PAGE folio 12',
  '3 QUAY 3',
  '3 DATA',
  '4 DATE 5 JAN 1952',
  '4 TEXT Mary, daughter of John',
  '1 OCCU Teacher',
  '2 TYPE Primary school',
  '1 _UID CCB4110C14954A9E9B08EC0E8BB604C4D497',
  '1 REFN 1234',
  '1 RIN 77',
  '1 CHAN',
  '2 DATE 27 Nov 2025',
  '1 FAMC @F1@',
  '2 PEDI adopted',
  '0 @I2@ INDI',
  '1 NAME John /Smith/',
  '1 SEX M',
  '1 FAMS @F1@',
  '0 @F1@ FAM',
  '1 HUSB @I2@',
  '2 _PREF Y',
  '1 CHIL @I1@',
  '2 _FREL Adopted',
  '0 @S1@ SOUR',
  '1 TITL Norfolk baptisms',
  '1 ABBR NorfBapt',
  '0 @N1@ NOTE A shared note',
  '1 SOUR @S1@',
  '0 TRLR',
].join('\n');

describe('GEDCOM import keeps what it has no field for (issue 32)', () => {
  const tree = readGedcomTree(Buffer.from(FILE, 'utf8'));
  const mary = tree.individuals.find((i) => i.xref === '@I1@')!;
  const birth = mary.facts.find((f) => f.tag === 'BIRT')!;

  it("keeps a date's time and a place's map position on the fact", () => {
    expect(birth.notes).toContain('DATE TIME: 04:30');
    expect(birth.notes).toContain('PLAC MAP\n  LATI: N52.8333\n  LONG: E0.8333');
  });

  it("keeps a citation's quality and the date of its entry beside the citation", () => {
    expect(birth.citations).toEqual([
      { sourceXref: '@S1@', title: 'Norfolk baptisms', page: 'folio 12', text: 'Mary, daughter of John' },
    ]);
    expect(birth.notes).toContain('Source "Norfolk baptisms": QUAY: 3');
    expect(birth.notes).toContain('Source "Norfolk baptisms": DATA DATE: 5 JAN 1952');
  });

  it("keeps a fact's TYPE when the fact has its own value", () => {
    expect(mary.facts.find((f) => f.tag === 'OCCU')).toMatchObject({
      value: 'Teacher',
      notes: ['TYPE: Primary school'],
    });
  });

  it("keeps a name's type and a prefix the name does not show, identifiers, and an adoption on either side", () => {
    expect(mary.notes).toContain('NAME Mary /Jones/, TYPE: married');
    expect(mary.notes).not.toContainEqual(expect.stringMatching(/NPFX|GIVN|SURN/));
    expect(mary.notes).toContain('_UID: CCB4110C14954A9E9B08EC0E8BB604C4D497');
    expect(mary.notes).toContain('REFN: 1234');
    expect(mary.notes).toContain('FAMC John Smith, PEDI: adopted');
    const family = tree.families[0]!;
    expect(family.notes).toContain('CHIL Dr. Mary Smith, _FREL: Adopted');
    expect(family.notes).toContain('HUSB John Smith, _PREF: Y');
  });

  it("keeps a source's abbreviation beside its title", () => {
    expect(tree.sources[0]!.notes).toContain('ABBR: NorfBapt');
  });

  it('says what it kept, and leaves out only the bookkeeping of record numbers and change dates', () => {
    const warnings = tree.warnings.join('\n');
    for (const tag of ['MAP', 'QUAY', 'PEDI', '_FREL', '_UID', 'TYPE'])
      expect(warnings).toMatch(new RegExp(`Kept as notes: .*${tag}`));
    expect(warnings).toMatch(/Left out: 2 lines of the program's bookkeeping \((RIN ×1, CHAN ×1|CHAN ×1, RIN ×1)\)/);
  });
});
