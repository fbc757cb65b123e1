import { JOURNAL_ANCESTORS } from '@gnology/contracts';

/**
 * The GNology Journal as data: its ten sections, their guidance text and their form fields with
 * stable names (`ancestor1.birth.date`, `sources.census`, `log.3.date`). The PDF renderer draws
 * it; the reader maps a filled copy's field values back through the same names.
 */

export type FieldKind = 'text' | 'date' | 'multiline';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  /** Share of the row's width, 0..1. */
  width: number;
  /** Text lines of room (multi-line fields). */
  lines?: number;
}

export interface SourceSpec {
  key: string;
  label: string;
  hint: string;
}

export interface TableSpec {
  prefix: 'log' | 'contacts';
  rows: number;
  columns: { key: string; label: string; kind: FieldKind; width: number }[];
}

export type Block =
  | { kind: 'guidance'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'row'; fields: FieldSpec[] }
  | { kind: 'checklist'; items: SourceSpec[] }
  | { kind: 'table'; table: TableSpec };

export interface SectionSpec {
  number: number;
  title: string;
  /** Short title for the page footer and the table of contents. */
  short: string;
  blocks: Block[];
}

/** How dates are written in the journal: genealogists' day-month-year, qualifiers for estimates. */
export const DATE_HINT = 'e.g. 12 Mar 1850, abt 1850';

export const JOURNAL_TITLE = 'GNology Journal';
export const JOURNAL_SUBTITLE = 'A research journal for the five-ancestor method';
/** Written into the PDF's Keywords and a hidden field, so an uploaded copy is recognised. */
export const JOURNAL_MARKER = 'gnology-journal';
export const VERSION_FIELD = 'gnology.journalVersion';

export const HOW_TO_USE: string[] = [
  'Choose five ancestors for one project: a direct line (a parent, a grandparent, a great-grandparent and so on) or one couple and their parents. Start from what you know and work back one generation at a time.',
  'Set a goal in Section 1. A precise question (\u201cWho were the parents of Johann Weber, born about 1832 in Hesse?\u201d) is answered sooner than \u201ceverything about the Webers\u201d.',
  'Give each ancestor a section (Sections 2 to 6). Write names as the records spell them and women under their maiden names; write dates day month year (12 Mar 1850), with abt, bef or aft for estimates; write places from the smallest to the largest (town, county, state or province, country).',
  'Tick every kind of record you have searched in Section 7, and write each search in the Research Log (Section 8), whether it found anything or not: a search that finds nothing is a result too.',
  'Keep letters, emails and record requests in Section 9. Sum up what the evidence shows, where it conflicts and what to do next in Section 10.',
  'Save the filled PDF, upload it on the Documents page, select it on the Research page and ask Gene, for example \u201cWrite the book\u201d. Gene reads the fields you typed. A printed copy filled in by hand can be scanned and uploaded too.',
];

export const SOURCES: SourceSpec[] = [
  { key: 'census', label: 'Census returns', hint: 'Every ten years: US 1790-1950, UK 1841-1921' },
  { key: 'vital', label: 'Civil birth, marriage and death records', hint: 'State, county or national registration' },
  { key: 'church', label: 'Church registers', hint: 'Baptisms, marriages and burials; before civil registration' },
  { key: 'probate', label: 'Probate and wills', hint: 'Wills, estate inventories, guardianships' },
  { key: 'military', label: 'Military records', hint: 'Service, pension and draft registration files' },
  { key: 'immigration', label: 'Immigration and passenger lists', hint: 'Arrivals, departures, naturalisation' },
  { key: 'newspapers', label: 'Newspapers and obituaries', hint: 'Notices, obituaries, local news' },
  { key: 'land', label: 'Land and tax records', hint: 'Deeds, grants, tax lists, maps' },
  { key: 'cemetery', label: 'Cemetery records', hint: 'Sextons\u2019 books, plot records, gravestones' },
  { key: 'dna', label: 'DNA tests and matches', hint: 'Which test, which matches, shared centimorgans' },
];

export const ANCESTOR_FIELDS = [
  'name',
  'relationship',
  'birth.date',
  'birth.place',
  'baptism.date',
  'baptism.place',
  'marriage.date',
  'marriage.place',
  'marriage.spouse',
  'death.date',
  'death.place',
  'burial.date',
  'burial.place',
  'father',
  'mother',
  'children',
  'residences',
  'occupation',
  'sources',
  'notes',
] as const;
export type AncestorField = (typeof ANCESTOR_FIELDS)[number];

export const LOG_ROWS = 14;
export const CONTACT_ROWS = 10;

/** A section that is one table under its guidance: a dated line per entry, then its text columns (label, share of width). */
function tableSection(
  spec: Pick<SectionSpec, 'number' | 'title' | 'short'> & Pick<TableSpec, 'prefix' | 'rows'>,
  guidance: string,
  columns: Record<string, [label: string, width: number]>,
): SectionSpec {
  const { prefix, rows, ...heading } = spec;
  return {
    ...heading,
    blocks: [
      { kind: 'guidance', text: guidance },
      {
        kind: 'table',
        table: {
          prefix,
          rows,
          columns: [
            { key: 'date', label: 'Date', kind: 'date', width: 0.14 },
            ...Object.entries(columns).map(([key, [label, width]]) => ({ key, label, kind: 'text' as const, width })),
          ],
        },
      },
    ],
  };
}

const text = (name: string, label: string, width: number): FieldSpec => ({ name, label, kind: 'text', width });
const date = (name: string, label: string, width: number): FieldSpec => ({ name, label, kind: 'date', width });
const prose = (name: string, label: string, width: number, lines: number): FieldSpec => ({
  name,
  label,
  kind: 'multiline',
  width,
  lines,
});

function ancestorSection(n: number): SectionSpec {
  const f = (suffix: AncestorField) => `ancestor${n}.${suffix}`;
  const guidance: Record<number, string> = {
    1: 'Begin with the ancestor you know best, usually the most recent. Write what the records say, not what family stories say: keep stories in the notes until a record confirms them, and name a source for every fact.',
    2: 'Work one generation back. Look for the record that links this ancestor to the previous one (a birth or baptism naming the parents, a census listing the household) and note it under sources.',
    3: 'Where two records disagree (an age, a spelling, a place), write both and their sources in the notes; Section 10 is where you weigh them.',
    4: 'Earlier records are sparser: a baptism may stand in for a birth, a burial for a death. Record the event the document gives, and mark estimates with abt, bef or aft.',
    5: 'The earliest ancestor of the project. Generation 1 is the earliest known ancestor: count generations inclusively from here down to you.',
  };
  return {
    number: n + 1,
    title: `Ancestor ${n}`,
    short: `Ancestor ${n}`,
    blocks: [
      { kind: 'guidance', text: guidance[n]! },
      {
        kind: 'row',
        fields: [
          text(f('name'), 'Full name (women under their maiden name)', 0.64),
          text(f('relationship'), 'Relationship to you', 0.36),
        ],
      },
      { kind: 'subheading', text: 'Life events' },
      {
        kind: 'row',
        fields: [
          date(f('birth.date'), 'Birth date', 0.3),
          text(f('birth.place'), 'Birth place (town, county, state, country)', 0.7),
        ],
      },
      {
        kind: 'row',
        fields: [
          date(f('baptism.date'), 'Baptism or christening date', 0.3),
          text(f('baptism.place'), 'Baptism place and church', 0.7),
        ],
      },
      {
        kind: 'row',
        fields: [
          date(f('marriage.date'), 'Marriage date', 0.3),
          text(f('marriage.place'), 'Marriage place', 0.35),
          text(f('marriage.spouse'), 'Spouse', 0.35),
        ],
      },
      { kind: 'row', fields: [date(f('death.date'), 'Death date', 0.3), text(f('death.place'), 'Death place', 0.7)] },
      {
        kind: 'row',
        fields: [date(f('burial.date'), 'Burial date', 0.3), text(f('burial.place'), 'Burial place and cemetery', 0.7)],
      },
      { kind: 'subheading', text: 'Family and life' },
      { kind: 'row', fields: [text(f('father'), 'Father', 0.5), text(f('mother'), 'Mother (maiden name)', 0.5)] },
      {
        kind: 'row',
        fields: [
          prose(f('children'), 'Children, one a line (name, birth year)', 0.5, 4),
          prose(f('residences'), 'Residences, one a line (year, place)', 0.5, 4),
        ],
      },
      { kind: 'row', fields: [text(f('occupation'), 'Occupation(s)', 1)] },
      { kind: 'row', fields: [prose(f('sources'), 'Sources for this ancestor (record, repository, page)', 1, 3)] },
      { kind: 'row', fields: [prose(f('notes'), 'Notes, family stories to check, questions', 1, 4)] },
    ],
  };
}

export const SECTIONS: SectionSpec[] = [
  {
    number: 1,
    title: 'Research goal and project plan',
    short: 'Goal and plan',
    blocks: [
      {
        kind: 'guidance',
        text: 'State one clear research question, then plan how to answer it: what you already know, which five ancestors this project follows, which records should answer the question, and where those records are kept (archives, libraries, courthouses, online collections). Revisit the plan whenever a find changes the direction.',
      },
      {
        kind: 'row',
        fields: [
          text('project.title', 'Project title', 0.5),
          text('project.researcher', 'Researcher', 0.3),
          date('project.started', 'Started', 0.2),
        ],
      },
      { kind: 'row', fields: [prose('project.goal', 'Research goal: the question this project answers', 1, 5)] },
      {
        kind: 'row',
        fields: [prose('project.plan', 'Plan: what you know, the records to search first, where they are kept', 1, 24)],
      },
    ],
  },
  ...Array.from({ length: JOURNAL_ANCESTORS }, (_, i) => ancestorSection(i + 1)),
  {
    number: 7,
    title: 'Sources searched',
    short: 'Sources searched',
    blocks: [
      {
        kind: 'guidance',
        text: 'Tick each kind of record once you have searched it for these ancestors, and write where you looked and for which years. Note negative results as well: knowing that a record is not where you expected narrows the search.',
      },
      { kind: 'checklist', items: SOURCES },
      {
        kind: 'row',
        fields: [
          prose('sources.other', 'Other sources (city directories, school, court, employment, family papers)', 1, 6),
        ],
      },
    ],
  },
  tableSection(
    { number: 8, title: 'Research log', short: 'Research log', prefix: 'log', rows: LOG_ROWS },
    'One line for every search, including those that found nothing. Cite enough to find the record again: repository or website, collection, volume, page or film number.',
    { repository: ['Repository or website', 0.24], source: ['Source searched', 0.3], result: ['Result', 0.32] },
  ),
  tableSection(
    {
      number: 9,
      title: 'Correspondence and contacts',
      short: 'Correspondence',
      prefix: 'contacts',
      rows: CONTACT_ROWS,
    },
    'Letters, emails and record requests to relatives, archives, societies and DNA matches: when, to whom, what you asked, and the answer. Note copies of records received as sources in the ancestor sections.',
    { contact: ['Contact', 0.26], subject: ['Subject or request', 0.3], outcome: ['Outcome', 0.3] },
  ),
  {
    number: 10,
    title: 'Findings, conflicts and next steps',
    short: 'Findings',
    blocks: [
      {
        kind: 'guidance',
        text: 'Sum up what the evidence shows for each ancestor. Where records disagree (two birth years, two spellings of a name), write both with their sources, which you believe and why. Then list the next records to search. When you are ready, upload this journal on the Documents page and ask Gene to write the book.',
      },
      { kind: 'row', fields: [prose('findings.summary', 'What the evidence shows', 1, 12)] },
      { kind: 'row', fields: [prose('findings.conflicts', 'Conflicts and how they were resolved', 1, 9)] },
      { kind: 'row', fields: [prose('findings.nextSteps', 'Next steps', 1, 9)] },
    ],
  },
];

export function tableFieldName(prefix: TableSpec['prefix'], row: number, key: string): string {
  return `${prefix}.${row}.${key}`;
}

/** Every form field name the journal has (the hidden version field included). */
export function journalFieldNames(): string[] {
  const names: string[] = [VERSION_FIELD];
  for (const section of SECTIONS) {
    for (const block of section.blocks) {
      if (block.kind === 'row') names.push(...block.fields.map((f) => f.name));
      if (block.kind === 'checklist')
        for (const s of block.items) names.push(`sources.${s.key}`, `sourceNotes.${s.key}`);
      if (block.kind === 'table') {
        for (let r = 1; r <= block.table.rows; r++)
          for (const c of block.table.columns) names.push(tableFieldName(block.table.prefix, r, c.key));
      }
    }
  }
  return names;
}
