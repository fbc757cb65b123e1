import { describe, expect, it } from 'vitest';
import { readGedcomTree } from '../src/gedcom';
import type { FamilyTree } from '../src/gedcom/tree';
import { findHints, type Hint, type HintMention, hintPairKey, type HintTreePerson } from '../src/people/hints';
import { hintPeopleOfTree } from '../src/people/hints-tree';
import { mentionsOfDocument } from '../src/people/mentions';
import { THREE_GENERATIONS } from './fixtures/three-generations';
import { readDocumentFacts } from './helpers/read-record';

/*
 * Hints (issue 32, decision 0227): the Whitfield records read by the rules, matched against a tree
 * in which the grandfather Thomas (b. 1831) and his grandson Thomas (b. 1889) share a name.
 */

const TREE = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Thomas /Whitfield/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE ABT 1831',
  '1 DEAT',
  '2 DATE 3 MAR 1902',
  '2 PLAC Raleigh, Wake, North Carolina',
  '1 FAMS @F1@',
  '0 @I2@ INDI',
  '1 NAME Mary Ann /Whitfield/',
  '1 SEX F',
  '1 DEAT',
  '2 DATE 1895',
  '1 FAMS @F1@',
  '0 @I3@ INDI',
  '1 NAME John Henry /Whitfield/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE OCT 1862',
  '1 FAMC @F1@',
  '1 FAMS @F2@',
  '0 @I4@ INDI',
  '1 NAME Sarah Elizabeth /Barnes/',
  '1 SEX F',
  '1 FAMS @F2@',
  '0 @I5@ INDI',
  '1 NAME Thomas /Whitfield/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE 10 FEB 1889',
  '2 PLAC Raleigh',
  '1 FAMC @F2@',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I2@',
  '1 CHIL @I3@',
  '0 @F2@ FAM',
  '1 HUSB @I3@',
  '1 WIFE @I4@',
  '1 CHIL @I5@',
  '1 MARR',
  '2 DATE 14 JUN 1887',
  '2 PLAC Raleigh',
  '0 TRLR',
  '',
].join('\n');

function treePeople(tree: FamilyTree): HintTreePerson[] {
  return hintPeopleOfTree(
    'whitfield.ged',
    tree.individuals.map((i) => ({ ...i, id: i.xref })),
    tree.families.map((f) => ({ partners: [f.partner1, f.partner2], children: f.children, facts: f.facts })),
  );
}

function mentionsOf(name: string, text: string): HintMention[] {
  return mentionsOfDocument(readDocumentFacts(name, text)).map((m) => ({ ...m, documentId: name, mentionKey: m.key }));
}

const tree = treePeople(readGedcomTree(Buffer.from(TREE, 'utf8')));
const hintsFor = (file: string, rejected?: Set<string>) =>
  findHints(mentionsOf(file, THREE_GENERATIONS[file]!), tree, rejected);
const to = (hints: Hint[], name: string) => hints.filter((h) => h.nameAsWritten.replace(/\s+/g, ' ') === name);

describe('hints: a document person matched to a tree person (issue 32)', () => {
  it('the obituary names the grandfather: years decide between the two Thomas Whitfields, relatives agree', () => {
    const hints = hintsFor('thomas-whitfield-obituary-1902.txt');
    const thomas = to(hints, 'Thomas Whitfield');
    expect(thomas.map((h) => h.treeId)).toEqual(['@I1@']);
    expect(thomas[0]!.reasons).toEqual(
      expect.arrayContaining([
        'Name: Thomas Whitfield = Thomas Whitfield',
        'Died 1902 in both',
        'Son John Henry Whitfield in both',
      ]),
    );
    expect(thomas[0]!.score).toBeGreaterThan(0.6);
    expect(thomas[0]!.score).toBeLessThanOrEqual(0.99);
    // The grandson "Thomas Barnes Whitfield" the obituary names is never the grandfather.
    expect(to(hints, 'Thomas Barnes Whitfield').every((h) => h.treeId === '@I5@')).toBe(true);
  });

  it('the baptism names the grandson: born 1889 matches him and contradicts his grandfather', () => {
    const hints = hintsFor('thomas-barnes-whitfield-baptism-1889.txt');
    const grandson = to(hints, 'Thomas Barnes Whitfield');
    expect(grandson.map((h) => h.treeId)).toEqual(['@I5@']);
    expect(grandson[0]!.reasons).toContain('Born 1889 in both');
    expect(grandson[0]!.reasons.some((r) => /^Father John Henry Whitfield in both$/.test(r))).toBe(true);
  });

  it('the census names grandfather and grandson on one page: each finds his own tree person', () => {
    const hints = hintsFor('census-1900-raleigh.txt');
    expect(to(hints, 'Thomas Whitfield').map((h) => h.treeId)).toEqual(['@I1@']);
    expect(to(hints, 'Thomas B. Whitfield').map((h) => h.treeId)).toEqual(['@I5@']);
    expect(to(hints, 'Thomas Whitfield')[0]!.reasons).toContain('Born 1831 in both');
  });

  it('no hint on a name alone when the tree has two people of that name', () => {
    const hints = findHints(
      [
        {
          documentId: 'note.txt',
          mentionKey: 'thomas whitfield|primary_subject',
          nameAsWritten: 'Thomas Whitfield',
          given: ['thomas'],
          surnameKeys: ['whitfield'],
          sex: 'M',
          role: 'primary_subject',
          recordRole: null,
          events: [],
        },
      ],
      tree,
    );
    expect(hints).toEqual([]);
  });

  it('no hint on a name alone even when one tree person has it, nor on another sex', () => {
    const mention = (over: Partial<HintMention>): HintMention => ({
      documentId: 'note.txt',
      mentionKey: 'k',
      nameAsWritten: 'John Henry Whitfield',
      given: ['john', 'henry'],
      surnameKeys: ['whitfield'],
      sex: 'M',
      role: 'primary_subject',
      recordRole: null,
      events: [],
      ...over,
    });
    expect(findHints([mention({})], tree)).toEqual([]);
    const born = { kind: 'birth' as const, date: '1862-10', year: 1862, place: null, detail: null };
    expect(findHints([mention({ events: [born] })], tree).map((h) => h.treeId)).toEqual(['@I3@']);
    expect(findHints([mention({ sex: 'F', events: [born] })], tree)).toEqual([]);
    // An initial for the first name could be anyone of the letter.
    expect(findHints([mention({ nameAsWritten: 'J. H. Whitfield', given: ['j', 'h'], events: [born] })], tree)).toEqual(
      [],
    );
  });

  it('a tree name with a generation numeral ("Kennedy I") matches by its given names and surname', () => {
    const kennedys = hintPeopleOfTree(
      'pres.ged',
      [
        {
          id: 'J1',
          xref: '@I1@',
          name: 'Joseph Patrick Kennedy I',
          given: 'Joseph Patrick',
          surname: 'Kennedy',
          otherNames: [],
          sex: 'M',
          facts: [],
        },
        {
          id: 'J2',
          xref: '@I2@',
          name: 'Joseph Patrick Kennedy II',
          given: 'Joseph Patrick',
          surname: 'Kennedy',
          otherNames: [],
          sex: 'M',
          facts: [],
        },
        {
          id: 'JF',
          xref: '@I3@',
          name: 'John Fitzgerald Kennedy',
          given: 'John Fitzgerald',
          surname: 'Kennedy',
          otherNames: [],
          sex: 'M',
          facts: [],
        },
      ],
      [{ partners: ['J1', null], children: ['J2', 'JF'], facts: [] }],
    );
    const father: HintMention = {
      documentId: 'jfk.txt',
      mentionKey: 'joseph patrick kennedy|parent',
      nameAsWritten: 'Joseph Patrick Kennedy',
      given: ['joseph', 'patrick'],
      surnameKeys: ['kennedy'],
      sex: 'M',
      role: 'parent',
      recordRole: 'father',
      events: [],
    };
    const son: HintMention = {
      ...father,
      mentionKey: 'john fitzgerald kennedy|primary_subject',
      nameAsWritten: 'John Fitzgerald Kennedy',
      given: ['john', 'fitzgerald'],
      role: 'primary_subject',
      recordRole: 'deceased',
    };
    const hints = findHints([son, father], kennedys);
    // The son he and the tree give picks the first of the two Joseph Patricks.
    expect(hints.filter((h) => h.mentionKey === father.mentionKey).map((h) => [h.treeId, h.reasons[1]])).toEqual([
      ['J1', 'Son John Fitzgerald Kennedy in both'],
    ]);
  });

  it('a rejected pair is never hinted again', () => {
    const first = to(hintsFor('thomas-whitfield-obituary-1902.txt'), 'Thomas Whitfield')[0]!;
    const rejected = new Set([hintPairKey(first.documentId, first.mentionKey, first.treeKey)]);
    const again = hintsFor('thomas-whitfield-obituary-1902.txt', rejected);
    expect(again.some((h) => h.mentionKey === first.mentionKey && h.treeKey === first.treeKey)).toBe(false);
    // Nor does the rejection hand the grandfather's mention to the grandson.
    expect(to(again, 'Thomas Whitfield')).toEqual([]);
  });

  it('3,000 tree people against 300 names of 30 surnames: milliseconds', () => {
    const people: HintTreePerson[] = Array.from({ length: 3000 }, (_, i) => ({
      id: `T${i}`,
      key: `k${i}`,
      name: `${['John', 'Mary', 'Thomas', 'Sarah', 'William'][i % 5]} Family${i % 30}`,
      matchName: `${['John', 'Mary', 'Thomas', 'Sarah', 'William'][i % 5]} Family${i % 30}`,
      otherNames: [],
      sex: i % 5 === 1 || i % 5 === 3 ? 'F' : 'M',
      birth: { year: 1800 + (i % 100), place: 'Springfield' },
      death: { year: null, place: null },
      marriages: [],
      relatives: [],
    }));
    const mentions: HintMention[] = Array.from({ length: 300 }, (_, i) => ({
      documentId: `d${i % 50}`,
      mentionKey: `m${i}`,
      nameAsWritten: `John Family${i % 30}`,
      given: ['john'],
      surnameKeys: [`family${i % 30}`],
      sex: 'M',
      role: 'primary_subject',
      recordRole: null,
      events: [{ kind: 'birth', date: null, year: 1800 + (i % 100), place: null, detail: null }],
    }));
    const started = performance.now();
    findHints(mentions, people);
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(2000);
  });
});
