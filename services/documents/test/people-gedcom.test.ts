import type { PersonSex, Relative } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import type { ExportIndividual, PeopleExport } from '../src/people/domain/people-export';
import { familiesOf, gedcomInputOf } from '../src/people/domain/gedcom-input';

const DOC = '65f0a1b2c3d4e5f6a7b8c9e1';

/** The marriage record both spouses' evidence and timelines come from. */
const MARRIAGE_EVENT: ExportIndividual['timeline'][number] = {
  kind: 'marriage',
  date: '1887-06-14',
  year: 1887,
  place: 'Raleigh',
  detail: null,
  documentId: DOC,
  fileName: 'marriage.png',
};
const atMarriage = (
  mentionId: string,
  nameAsWritten: string,
  role: ExportIndividual['evidence'][number]['role'],
  recordRole: ExportIndividual['evidence'][number]['recordRole'],
): ExportIndividual['evidence'][number] => ({
  mentionId,
  documentId: DOC,
  fileName: 'marriage.png',
  documentType: 'marriage',
  nameAsWritten,
  role,
  recordRole,
  date: '1887-06-14',
  place: 'Raleigh',
  page: 2,
});

function individual(
  id: string,
  name: string,
  sex: PersonSex,
  relatives: [string, Relative['relation']][] = [],
  extra: Partial<ExportIndividual> = {},
): ExportIndividual {
  return {
    summary: {
      id,
      name,
      sex,
      birthYear: null,
      deathYear: null,
      documentCount: 1,
      mentionCount: 1,
      conflictCount: 0,
      userEdited: false,
    },
    givenNames: '',
    surname: '',
    variants: [name],
    evidence: [],
    timeline: [],
    conflicts: [],
    relatives: relatives.map(([individualId, relation]) => ({ individualId, name: individualId, relation })),
    ...extra,
  };
}

describe('families for GEDCOM from the index relatives', () => {
  it('makes one family of a couple and the children either side names, husband and wife by sex', () => {
    const fams = familiesOf([
      individual('mary', 'Mary Ann Whitfield', 'F', [
        ['thomas', 'spouse'],
        ['john', 'child'],
      ]),
      individual('thomas', 'Thomas Whitfield', 'M', [['mary', 'spouse']]),
      individual('john', 'John Henry Whitfield', 'M', [['thomas', 'parent']]),
      individual('james', 'James Whitfield', 'M', [
        ['mary', 'parent'],
        ['thomas', 'parent'],
      ]),
    ]);
    expect(fams).toHaveLength(1);
    expect(fams[0]).toMatchObject({ husbandId: 'thomas', wifeId: 'mary' });
    expect(fams[0]!.childIds.sort()).toEqual(['james', 'john']);
  });

  it('keeps a lone mother as the wife, and gives siblings with no known parent a family of their own', () => {
    const fams = familiesOf([
      individual('ann', 'Ann Pryce', 'F', [['edith', 'child']]),
      individual('edith', 'Edith Pryce', 'F'),
      individual('walter', 'Walter Pryce', 'M', [['agnes', 'sibling']]),
      individual('agnes', 'Agnes Pryce', 'F'),
    ]);
    expect(fams).toContainEqual(expect.objectContaining({ husbandId: null, wifeId: 'ann', childIds: ['edith'] }));
    expect(fams).toContainEqual(
      expect.objectContaining({ husbandId: null, wifeId: null, childIds: ['agnes', 'walter'] }),
    );
  });

  it('ignores relatives outside the export', () => {
    expect(familiesOf([individual('a', 'A B', 'M', [['gone', 'spouse']])])).toEqual([]);
  });
});

describe('the export input', () => {
  const data: PeopleExport = {
    individuals: [
      individual('john', 'John Henry Whitfield', 'M', [['sarah', 'spouse']], {
        evidence: [atMarriage('m1', 'John Henry Whitfield', 'primary_subject', 'groom')],
        timeline: [
          MARRIAGE_EVENT,
          {
            kind: 'birth',
            date: '1862',
            year: 1862,
            place: null,
            detail: 'estimated from age 25 in 1887',
            documentId: DOC,
            fileName: 'marriage.png',
          },
        ],
        conflicts: [{ kind: 'birth_years', message: 'Two birth years.', documentIds: [DOC] }],
        variants: ['John Henry Whitfield', 'John H. Whitfield'],
      }),
      individual('sarah', 'Sarah Elizabeth Cole', 'F', [['john', 'spouse']], {
        evidence: [atMarriage('m2', 'Sarah Elizabeth Cole', 'spouse', 'bride')],
        timeline: [MARRIAGE_EVENT],
      }),
    ],
    documents: [
      {
        id: DOC,
        fileName: 'marriage.png',
        documentType: 'marriage',
        uploadedAt: '2026-11-24T10:00:00.000Z',
        pageCount: 2,
        people: [
          { name: 'John Henry Whitfield', role: 'primary_subject' },
          { name: 'Sarah Elizabeth Cole', role: 'spouse' },
        ],
        personDetails: [],
        dates: [{ original: '14 June 1887', normalized: '1887-06-14', qualifier: 'exact', year: 1887 }],
        places: [{ name: 'Raleigh', kind: 'town', state: 'North Carolina', countryCode: 'US' }],
        occupations: [],
      },
    ],
  };
  const input = gedcomInputOf(data, new Date('2026-11-24T12:00:00Z'));

  it('puts the marriage once on the couple’s family, cited at the page that names them', () => {
    expect(input.families).toHaveLength(1);
    expect(input.families[0]!.events).toEqual([
      {
        kind: 'marriage',
        date: { normalized: '1887-06-14', qualifier: 'exact' },
        place: 'Raleigh',
        detail: null,
        citations: [{ sourceId: DOC, page: 2 }],
      },
    ]);
    expect(input.individuals.flatMap((i) => i.events).some((e) => e.kind === 'marriage')).toBe(false);
  });

  it('writes an estimated birth as "about", conflicts and other spellings as notes, and one source titled with its citation', () => {
    const john = input.individuals[0]!;
    expect(john).toMatchObject({
      given: 'John Henry',
      surname: 'Whitfield',
      sex: 'M',
      citations: [{ sourceId: DOC, page: 2 }],
    });
    expect(john.events[0]).toMatchObject({ kind: 'birth', date: { normalized: '1862', qualifier: 'about' } });
    expect(john.notes).toEqual(['Conflict: Two birth years.', 'Also written: John H. Whitfield.']);
    expect(input.sources).toEqual([
      {
        id: DOC,
        fileName: 'marriage.png',
        title:
          'Marriage certificate, John Henry Whitfield and Sarah Elizabeth Cole, 14 June 1887, Raleigh, North Carolina, United States; digital image "marriage.png", uploaded to GNology 24 November 2026.',
      },
    ]);
  });
});

describe('the export input of a baptism (issue 28)', () => {
  const BAPTISM = '65f0a1b2c3d4e5f6a7b8c9e2';
  const data: PeopleExport = {
    individuals: [individual('thomas', 'Thomas Barnes Whitfield', 'M')],
    documents: [
      {
        id: BAPTISM,
        fileName: 'baptism.txt',
        documentType: 'birth',
        uploadedAt: '2026-11-24T10:00:00.000Z',
        pageCount: 1,
        people: [{ name: 'Thomas Barnes Whitfield', role: 'primary_subject' }],
        personDetails: [{ name: 'Thomas Barnes Whitfield', born: '1889-02-20', baptized: '1889-03-17' }],
        dates: [
          { original: '20 February 1889', normalized: '1889-02-20', qualifier: 'exact', year: 1889 },
          { original: '17 March 1889', normalized: '1889-03-17', qualifier: 'exact', year: 1889 },
        ],
        places: [],
        occupations: [],
      },
    ],
  };

  it('titles the source as the baptism register entry it is, dated by the baptism', () => {
    const [source] = gedcomInputOf(data, new Date('2026-11-24T12:00:00Z')).sources;
    expect(source!.title).toMatch(/^Baptism register entry, Thomas Barnes Whitfield, 17 March 1889;/);
  });
});
