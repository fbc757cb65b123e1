import { describe, expect, it } from 'vitest';
import type { GedcomInput, GedcomTreeInput, GedcomVersion } from '../src/gedcom/model';
import { readGedcomTree } from '../src/gedcom/read-tree';
import type { FamilyTree } from '../src/gedcom/tree';
import { treeDate } from '../src/gedcom/tree-dates';
import { writeGedcom } from '../src/gedcom/write';
import { GEDCOM7, REMARRIAGE_551 } from './fixtures/gedcom-samples';

/*
 * The export writes imported trees beside the people index (issue 32, decision 0230): every tree
 * person, family and source, with xrefs that clash neither with the index's nor between two
 * imports that both had an @I1@; read back, the same facts, citations and notes.
 */

/** A tree as the store gives it to the export: ids of GNology's own, one import id. */
function stored(tree: FamilyTree, importId: string): GedcomTreeInput {
  const id = (xref: string) => `${importId}:${xref}`;
  return {
    individuals: tree.individuals.map(({ xref, birthYear: _b, deathYear: _d, ...p }) => ({
      ...p,
      id: id(xref),
      importId,
    })),
    families: tree.families.map((f) => ({
      id: id(f.xref),
      importId,
      partner1Id: f.partner1 && id(f.partner1),
      partner2Id: f.partner2 && id(f.partner2),
      childIds: f.children.map(id),
      facts: f.facts,
      notes: f.notes,
      citations: f.citations,
    })),
    sources: tree.sources.map((s) => ({ ...s, id: id(s.xref), importId })),
  };
}

const both = (a: GedcomTreeInput, b: GedcomTreeInput): GedcomTreeInput => ({
  individuals: [...a.individuals, ...b.individuals],
  families: [...a.families, ...b.families],
  sources: [...a.sources, ...b.sources],
});

const LONG_NOTE = `${'A very long note about the family farm, '.repeat(12)}and its end.`;
const remarriage = readGedcomTree(
  Buffer.from(REMARRIAGE_551.replace('1 NOTE @N1@', `1 NOTE @N1@\r\n1 NOTE ${LONG_NOTE}`), 'utf8'),
);
const sameSex = readGedcomTree(Buffer.from(GEDCOM7, 'utf8'));

/** One index person citing one document, as the index part of the input writes them. */
const input = (tree: GedcomTreeInput): GedcomInput => ({
  individuals: [
    {
      id: 'index-1',
      given: 'Zoë',
      surname: 'Whitfield',
      sex: 'F',
      events: [],
      notes: [],
      citations: [{ sourceId: 'doc-1', page: 1 }],
    },
  ],
  families: [],
  sources: [{ id: 'doc-1', title: 'Birth certificate of Zoë Whitfield', fileName: 'zoe.pdf' }],
  exportedAt: new Date('2026-11-27T10:00:00Z'),
  submitter: 'Alice',
  tree,
});

const trees = both(stored(remarriage, 'imp-a'), stored(sameSex, 'imp-b'));

describe.each(['5.5.1', '7.0'] as GedcomVersion[])('GEDCOM %s export with imported trees', (version) => {
  const text = writeGedcom(input(trees), version);
  const lines = text.replace(/^\uFEFF/, '').split('\n');

  it('has a header, a trailer and xrefs that are unique, with every pointer landing on a record', () => {
    expect(lines[0]).toBe('0 HEAD');
    expect(lines.at(-2)).toBe('0 TRLR');
    if (version === '5.5.1') expect(lines).toContain('1 CHAR UTF-8');
    const defined = lines.map((l) => /^0 (@[^@]+@) /.exec(l)?.[1]).filter(Boolean);
    expect(new Set(defined).size).toBe(defined.length);
    const pointers = lines.map((l) => /^\d+ [A-Z_]+ (@[^@]+@)$/.exec(l)?.[1]).filter(Boolean);
    for (const p of pointers) expect(defined).toContain(p);
  });

  it('reads back with every person, family and source of the index and of both imports', () => {
    const back = readGedcomTree(Buffer.from(text, 'utf8'));
    expect(back.individuals).toHaveLength(1 + 5 + 2);
    expect(back.families).toHaveLength(2 + 1);
    expect(back.sources).toHaveLength(1 + 2 + 1);
    expect(back.warnings.join('\n')).not.toMatch(/point at no person|skipped/);
    const thomas = back.individuals.find((i) => i.name === 'Thomas Whitfield')!;
    const birth = thomas.facts.find((f) => f.tag === 'BIRT')!;
    expect(birth).toMatchObject({ date: 'ABT 1820', place: 'Raleigh, Wake, North Carolina, USA' });
    expect(birth.citations).toEqual([
      {
        sourceXref: expect.stringMatching(/^@TS\d+@$/),
        title: 'Wake County Baptisms, 1800-1850',
        page: 'p. 12, entry 4',
        text: null,
      },
    ]);
    expect(thomas.facts.find((f) => f.tag === 'OCCU')).toMatchObject({ value: 'Blacksmith' });
    expect(thomas.facts.find((f) => f.tag === 'DEAT')!.notes).toEqual(['CAUS: Pneumonia']);
    // The custom tag the import kept as a note travels as that note.
    expect(thomas.notes).toContain('_MILT: Served in the 14th Regiment\n  DATE: 1862');
    expect(thomas.notes.some((n) => n.includes('known to everyone in the parish.\nHe could not'))).toBe(true);
    const ann = back.individuals.find((i) => i.name === 'Ann Pryce')!;
    expect(ann.notes).toEqual(['Ann came from Wales\nwith her brother.', LONG_NOTE]);
    // Remarriage: Thomas is in two families.
    const thomasX = thomas.xref;
    expect(back.families.filter((f) => f.partner1 === thomasX)).toHaveLength(2);
    const sources = back.sources.map((s) => s.title);
    expect(sources).toEqual(
      expect.arrayContaining([
        'Birth certificate of Zoë Whitfield',
        'Family Bible of Thomas Whitfield',
        'Parish register of St Mary',
      ]),
    );
  });

  it('keeps the same-sex couple as partners and the Julian date in the version’s spelling', () => {
    const back = readGedcomTree(Buffer.from(text, 'utf8'));
    const alex = back.individuals.find((i) => i.name === 'Alex Martin')!;
    const sam = back.individuals.find((i) => i.name === 'Sam Martin')!;
    const couple = back.families.find((f) => [f.partner1, f.partner2].includes(alex.xref))!;
    expect([couple.partner1, couple.partner2]).toEqual([alex.xref, sam.xref]);
    expect(alex.facts[0]!.date).toBe(version === '5.5.1' ? '@#DJULIAN@ 1 JAN 1700' : 'JULIAN 1 JAN 1700');
    expect(alex.notes).toEqual(['@home of Alex: Bristol']);
    expect(couple.notes).toEqual(['_WITNESS: Ruth Martin']);
  });

  it('splits long text as the version wants: CONC under 255 characters in 5.5.1, one line in 7.0', () => {
    expect(lines.every((l) => l.length < 255 || version === '7.0')).toBe(true);
    expect(lines.some((l) => /^\d+ CONC /.test(l))).toBe(version === '5.5.1');
  });
});

describe('a document person linked to a tree person by an accepted hint (origin "both")', () => {
  const tree = stored(remarriage, 'imp-a');
  const thomas = tree.individuals.find((p) => p.name === 'Thomas Whitfield')!;
  const base = input(tree);
  const linked: GedcomInput = {
    ...base,
    individuals: [
      ...base.individuals,
      {
        id: 'index-thomas',
        given: 'Thos.',
        surname: 'Whitfield',
        sex: 'M',
        events: [
          { kind: 'occupation', date: null, place: 'Raleigh', detail: 'smith', citations: [{ sourceId: 'doc-1' }] },
        ],
        notes: ['Also written: Thos. Whitfield.'],
        citations: [{ sourceId: 'doc-1', page: 2 }],
      },
    ],
    // Zoë (index) is Thomas's (index) granddaughter in no family here; a family of the index naming him:
    families: [{ id: 'fam-1', husbandId: 'index-thomas', wifeId: null, childIds: ['index-1'], events: [] }],
    links: new Map([['index-thomas', thomas.id]]),
  };

  it.each(['5.5.1', '7.0'] as GedcomVersion[])(
    'is one INDI in %s: the tree person, with the documents’ name, facts and citations',
    (version) => {
      const back = readGedcomTree(Buffer.from(writeGedcom(linked, version), 'utf8'));
      expect(back.individuals).toHaveLength(1 + 5);
      const one = back.individuals.filter((i) => i.surname === 'Whitfield' && /^Tho/.test(i.given));
      expect(one).toHaveLength(1);
      const person = one[0]!;
      expect(person.xref).toMatch(/^@TI\d+@$/);
      expect(person.name).toBe('Thomas Whitfield');
      expect(person.otherNames).toEqual(['Thos. Whitfield']);
      expect(person.facts.filter((f) => f.tag === 'OCCU').map((f) => f.value)).toEqual(['Blacksmith', 'smith']);
      expect(person.notes).toContain('Also written: Thos. Whitfield.');
      expect(person.notes).toContain('_MILT: Served in the 14th Regiment\n  DATE: 1862');
      // The index's family names the tree person's xref: Zoë is his child there.
      const family = back.families.find((f) => f.partner1 === person.xref && f.children.length === 1 && !f.partner2)!;
      expect(back.individuals.find((i) => i.xref === family.children[0])?.name).toBe('Zoë Whitfield');
    },
  );
});

describe('facts of imported trees in the export', () => {
  const person = (facts: GedcomTreeInput['individuals'][number]['facts']): GedcomTreeInput => ({
    individuals: [
      {
        id: 'p',
        importId: 'i',
        name: 'Ann Lee',
        given: 'Ann',
        surname: 'Lee',
        sex: 'F',
        otherNames: [],
        facts,
        notes: [],
        citations: [],
      },
    ],
    families: [],
    sources: [],
  });
  const fact = (tag: string, label: string, value: string | null, extra: { date?: string; place?: string } = {}) => ({
    tag,
    label,
    value,
    date: extra.date ?? null,
    year: null,
    place: extra.place ?? null,
    citations: [],
    notes: [],
  });
  const body = (tree: GedcomTreeInput, version: GedcomVersion) =>
    writeGedcom({ ...input(tree), individuals: [], sources: [] }, version)
      .split('\n')
      .filter(
        (l) => /^[12] /.test(l) && !/^1 (NAME|SEX|SOUR|SUBM|GEDC|CHAR|DATE)|^2 (GIVN|SURN|NAME|VERS|FORM)/.test(l),
      );

  it('writes an attribute Gramps reads without date or place as EVEN when it has them, and keeps it otherwise', () => {
    const tree = person([
      fact('DSCR', 'Description', 'Tall', { date: '1900', place: 'Leeds' }),
      fact('DSCR', 'Description', 'Dark hair'),
      fact('OCCU', 'Occupation', 'Weaver', { date: '1901' }),
    ]);
    expect(body(tree, '5.5.1')).toEqual([
      '1 EVEN Tall',
      '2 TYPE Description',
      '2 DATE 1900',
      '2 PLAC Leeds',
      '1 DSCR Dark hair',
      '1 OCCU Weaver',
      '2 DATE 1901',
    ]);
  });

  it('writes a family event on a person, and an attribute without its value, as EVEN with the label', () => {
    const tree = person([fact('MARR', 'Marriage', null, { date: '1880' }), fact('OCCU', 'Occupation', null)]);
    expect(body(tree, '5.5.1')).toEqual(['1 EVEN', '2 TYPE Marriage', '2 DATE 1880', '1 EVEN', '2 TYPE Occupation']);
    expect(body(tree, '7.0')).toEqual([
      '1 EVEN Marriage',
      '2 TYPE Marriage',
      '2 DATE 1880',
      '1 EVEN Occupation',
      '2 TYPE Occupation',
    ]);
  });
});

describe('dates of imported trees in the export', () => {
  it.each([
    ['2 Jan 1952', '2 JAN 1952', '2 JAN 1952'],
    ['ABT 1850', 'ABT 1850', 'ABT 1850'],
    ['BET 1849 AND 1850', 'BET 1849 AND 1850', 'BET 1849 AND 1850'],
    ['FROM 1850 TO 1860', 'FROM 1850 TO 1860', 'FROM 1850 TO 1860'],
    ['JULIAN 1 JAN 1700', '@#DJULIAN@ 1 JAN 1700', 'JULIAN 1 JAN 1700'],
    ['@#DHEBREW@ 1 TSH 5600', '@#DHEBREW@ 1 TSH 5600', 'HEBREW 1 TSH 5600'],
    ['FRENCH_R 1 VEND 12', '@#DFRENCH R@ 1 VEND 12', 'FRENCH_R 1 VEND 12'],
    ['44 B.C.', '44 B.C.', '44 BCE'],
  ])('%s → 5.5.1 %s, 7.0 %s', (written, v5, v7) => {
    expect(treeDate(written, '5.5.1')).toEqual({ value: v5 });
    expect(treeDate(written, '7.0')).toEqual({ value: v7 });
  });

  it('puts what a version cannot say as a date into its phrase', () => {
    expect(treeDate('@#DJULIAN@ 11 FEB 1731/32', '5.5.1')).toEqual({ value: '@#DJULIAN@ 11 FEB 1731/32' });
    expect(treeDate('@#DJULIAN@ 11 FEB 1731/32', '7.0')).toEqual({
      value: 'JULIAN 11 FEB 1732',
      phrase: '@#DJULIAN@ 11 FEB 1731/32',
    });
    expect(treeDate('INT 1850 (about the war)', '5.5.1')).toEqual({ value: 'INT 1850 (about the war)' });
    expect(treeDate('INT 1850 (about the war)', '7.0')).toEqual({ value: '1850', phrase: 'about the war' });
    expect(treeDate('(in the war)', '5.5.1')).toEqual({ value: '(in the war)' });
    expect(treeDate('(in the war)', '7.0')).toEqual({ value: '', phrase: 'in the war' });
    expect(treeDate('Summer 1850', '5.5.1')).toEqual({ value: '(Summer 1850)' });
    expect(treeDate('Summer 1850', '7.0')).toEqual({ value: '', phrase: 'Summer 1850' });
  });
});
