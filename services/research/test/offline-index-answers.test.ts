import type { IndividualDetail } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../src/domain/offline/answer';
import { nextRecords } from '../src/domain/offline/next-records';
import type { Fact } from '../src/domain/offline/person';
import type { ContextDocument } from '../src/domain/model';
import { FILES, IDS, JOHN_HENRY, record, THOMAS } from './support/stored-records';

// Issue 28, points 1 and 4: Gene answers offline from the documents' stored extraction and the
// people index — never from a reading of its own — leads with the facts they hold, each cited,
// and states what the records disagree on.

const link = (key: keyof typeof IDS) => `[${FILES[key]}](/documents?view=${IDS[key]})`;
const ALL = (['marriage', 'baptism', 'census', 'letter', 'obituary', 'sullivan'] as const).map(record);
const ask = (query: string, people: IndividualDetail[] = [], documents: ContextDocument[] = ALL) =>
  offlineAnswer({ query, documents, requestType: 'regular', people });
const lead = (answer: string) => answer.split('\n')[0]!;
const section = (answer: string, title: string) => answer.split(`## ${title}\n`)[1]?.split('\n## ')[0] ?? '';

describe('the facts the index holds lead the answer, each cited', () => {
  it('names both parents from the certificate and both wedding dates, with their documents', () => {
    const answer = ask('Who were the parents of John Henry Whitfield and when did he marry?', [JOHN_HENRY]);
    expect(lead(answer)).toMatch(
      /^John Henry Whitfield's parents were Thomas Whitfield and Mary Ann Whitfield \(\[whitfield-barnes-marriage-1887\.png\]/,
    );
    expect(lead(answer)).toContain(
      `the records disagree on when he married: June 1886 in Raleigh (${link('letter')}) or 14 June 1887 in Raleigh (${link('marriage')}).`,
    );
    expect(answer).not.toMatch(/only one of|do not say|do not name/);
    // The conflict, as the index states it, naming both documents.
    const conflicts = section(answer, 'Conflicting dates');
    expect(conflicts).toContain(JOHN_HENRY.conflicts[0]!.message);
    expect(conflicts).toContain(link('letter'));
    expect(conflicts).toContain(link('marriage'));
    // The sentences quoted are the ones that hold those facts.
    const quotes = section(answer, 'What your documents say');
    expect(quotes).toContain('son of Thomas Whitfield and Mary Ann Whitfield');
    expect(quotes).toContain('"Sarah and I were married in June 1886, as you will remember');
  });

  it('states a disagreement of the timeline itself when the index has no conflict for it', () => {
    // Only the certificate is at hand: the letter is cited from the index by its file name.
    const answer = ask(
      'When did John Henry Whitfield marry?',
      [{ ...JOHN_HENRY, conflicts: [] }],
      [record('marriage')],
    );
    expect(section(answer, 'Conflicting dates')).toContain(
      `- ⚠️ **John Henry Whitfield**, marriage: the documents disagree — June 1886 ([${FILES.letter}, p. 1](/documents?view=${IDS.letter}&page=1)); 14 June 1887 (${link('marriage')}).`,
    );
  });

  it('answers whom he married, then when', () => {
    expect(lead(ask('Who did John Henry Whitfield marry?', [JOHN_HENRY]))).toMatch(
      /^John Henry Whitfield married Sarah Elizabeth Barnes \(\[whitfield-barnes-marriage-1887\.png\].*; the records disagree on when: June 1886/,
    );
  });

  it('cites a relative by the documents the index says state the relation, even when none is at hand', () => {
    const indexed: IndividualDetail = {
      ...JOHN_HENRY,
      relatives: JOHN_HENRY.relatives.map((r) => ({ ...r, documentIds: [IDS.marriage] })),
    };
    expect(lead(ask('Who were the parents of John Henry Whitfield?', [indexed], [record('sullivan')]))).toBe(
      `John Henry Whitfield's parents were Thomas Whitfield and Mary Ann Whitfield ([${FILES.marriage}, p. 1](/documents?view=${IDS.marriage}&page=1)).`,
    );
  });

  it('without the index, says what the stored extraction of the documents at hand holds', () => {
    const answer = ask('Who were the parents of John Henry Whitfield and when did he marry?');
    expect(lead(answer)).toMatch(/^John Henry Whitfield's parents were Thomas Whitfield and Mary Ann Whitfield \(/);
    // What the marriage date is depends on what the package's people reading makes of the letter;
    // the certificate's date, with the certificate, is in the answer either way.
    expect(lead(answer)).toMatch(
      /; (he married on|the records disagree on when he married: .*or) 14 June 1887 in Raleigh \(\[whitfield-barnes-marriage-1887\.png\]/,
    );
  });

  it("names Margaret's parents from her obituary, by her given name alone too", () => {
    const expected = `Margaret Sullivan's parents were Michael Sullivan and Bridget Sullivan (${link('sullivan')}).`;
    expect(lead(ask('Who were the parents of Margaret Sullivan?'))).toBe(expected);
    expect(lead(ask("Who were Margaret's parents?"))).toBe(expected);
    expect(ask("Who were Margaret's parents?")).not.toMatch(/Whitfield/);
  });

  it('names the children, with the records that name them', () => {
    const answer = ask('Who were the children of John Henry Whitfield?', [JOHN_HENRY]);
    expect(lead(answer)).toMatch(
      /^John Henry Whitfield's children named in the records are Thomas Barnes Whitfield \(/,
    );
    expect(lead(answer)).toContain(link('baptism'));
  });

  it('gives the death with both records, and says the reading found no burial place rather than that the records are silent', () => {
    const answer = ask('When did Thomas Whitfield die and where was he buried?', [THOMAS]);
    expect(lead(answer)).toBe(
      `Thomas Whitfield died on 3 March 1902 in Raleigh (${link('obituary')}; ${link('letter')}); the reading of these documents found no place of his burial.`,
    );
    // The text that may hold it is quoted for the reader to judge.
    expect(section(answer, 'What your documents say')).toContain('"He was buried in Oakwood Cemetery."');
    expect(answer).not.toMatch(/do not say/);
  });

  it('never gives a baptism as a birth', () => {
    const thomasBarnes: IndividualDetail = {
      ...JOHN_HENRY,
      individual: {
        ...JOHN_HENRY.individual,
        id: '00000000-0000-4000-8000-000000000005',
        name: 'Thomas Barnes Whitfield',
      },
      variants: ['Thomas Barnes Whitfield'],
      evidence: [
        {
          ...JOHN_HENRY.evidence[1]!,
          nameAsWritten: 'Thomas Barnes Whitfield',
          role: 'primary_subject',
          recordRole: null,
        },
      ],
      timeline: [
        {
          kind: 'baptism',
          date: '1889-03-17',
          year: 1889,
          place: 'Raleigh',
          detail: null,
          documentId: IDS.baptism,
          fileName: FILES.baptism,
        },
      ],
      conflicts: [],
      relatives: [],
    };
    expect(lead(ask('When was Thomas Barnes Whitfield born?', [thomasBarnes], [record('baptism')]))).toBe(
      `The reading of these documents found no date of Thomas Barnes Whitfield's birth; he was baptised on 17 March 1889 in Raleigh (${link('baptism')}).`,
    );
  });
});

describe('facts come from the structures, never from the raw text', () => {
  const raw: ContextDocument = {
    _id: '65f0a1b2c3d4e5f6a7b8cb01',
    originalName: 'smith-note.txt',
    extractedText: 'John Smith, son of Peter Smith and Ann Smith, was born on 1 May 1850 in Leeds.',
  };
  it('a document whose extraction holds nothing gives no facts, and says the reading found nothing', () => {
    const answer = ask('Who were the parents of John Smith?', [], [raw]);
    expect(lead(answer)).toBe(
      'The selected documents mention John Smith, but the reading of these documents found nothing about them in particular.',
    );
    expect(lead(answer)).not.toContain('Peter');
    // Quoted as evidence all the same.
    expect(answer).toContain('"John Smith, son of Peter Smith and Ann Smith, was born on 1 May 1850 in Leeds."');
  });

  it('an extraction naming only the subject answers that the reading found no parents', () => {
    const doc = { ...raw, documentType: 'birth', peopleIdentified: [{ name: 'John Smith', role: 'primary_subject' }] };
    expect(lead(ask('Who were the parents of John Smith?', [], [doc]))).toBe(
      'The reading of these documents found no parents of John Smith.',
    );
  });
});

describe('records to search next fit the place and the period', () => {
  it('sends an 1887 North Carolina marriage to the county registers and bonds and the state archives, not to parish registers', () => {
    const next = section(ask('When did John Henry Whitfield marry?', [JOHN_HENRY]), 'Records to search next');
    expect(next).toContain('**Raleigh, Wake County, North Carolina**');
    expect(next).toContain('Wake County marriage registers, licences and bonds');
    expect(next).toContain('North Carolina State Archives');
    expect(next).not.toMatch(/parish register/i);
  });
});

describe('the grandfather is never his grandson', () => {
  it("gives Thomas Whitfield his own family, not his grandson's parents", () => {
    const family = section(
      ask('When did Thomas Whitfield die?', [THOMAS]),
      "Thomas Whitfield's family in the documents",
    );
    expect(family).toContain('- **John Henry Whitfield** (child)');
    expect(family).toContain('- **Mary Ann Whitfield** (spouse)');
    expect(family).not.toContain('(parent)');
  });
});

describe('records to search next, by country and period', () => {
  const fact = (kind: Fact['kind'], year: number): Fact => ({
    kind,
    date: String(year),
    year,
    place: null,
    detail: null,
    estimated: false,
    source: { documentId: IDS.marriage, fileName: 'x.txt', page: null },
  });
  const england = [{ name: 'Halifax', kind: 'town' as const, countryCode: 'GB', state: 'England' }];
  it('England before July 1837: parish registers and bishops’ transcripts; after: GRO civil registration', () => {
    const before = nextRecords(england, [fact('baptism', 1820), fact('marriage', 1830)]).join('\n');
    expect(before).toContain('**Halifax, England** (1820–1830)');
    expect(before).toMatch(/Birth and baptism \(1820\): the parish registers of baptisms and the bishops' transcripts/);
    expect(before).toMatch(/Marriage \(1830\): the parish registers of marriages, with banns and marriage licences/);
    expect(before).not.toContain('GRO');
    const after = nextRecords(england, [fact('birth', 1850), fact('death', 1870)]).join('\n');
    expect(after).toMatch(/Birth and baptism \(1850\): the GRO civil registration indexes/);
    expect(after).toContain('National Probate Calendar');
    expect(after).toContain('the censuses of 1841, 1851, 1861, 1871;');
  });
  it('Scotland, Ireland and Germany by the year their civil registration began', () => {
    const scotland = [{ name: 'Paisley', kind: 'town' as const, countryCode: 'GB', state: 'Scotland' }];
    expect(nextRecords(scotland, [fact('birth', 1840)]).join('\n')).toContain('Old Parish Registers');
    expect(nextRecords(scotland, [fact('birth', 1860)]).join('\n')).toContain('statutory registers of births');
    const ireland = [{ name: 'Cork', kind: 'town' as const, countryCode: 'IE' }];
    expect(nextRecords(ireland, [fact('birth', 1850)]).join('\n')).toContain(
      'parish registers of the parish (civil registration began in 1864)',
    );
    const germany = [{ name: 'Kassel', kind: 'town' as const, countryCode: 'DE', state: 'Hesse' }];
    expect(nextRecords(germany, [fact('birth', 1880)]).join('\n')).toContain('Standesamt');
  });
  it('a US death before statewide registration goes to county probate and cemeteries, after it to the state certificate', () => {
    const raleigh = [{ name: 'Raleigh', kind: 'town' as const, countryCode: 'US', state: 'North Carolina' }];
    expect(nextRecords(raleigh, [fact('death', 1902)]).join('\n')).toContain(
      'no statewide death certificates before 1913',
    );
    expect(nextRecords(raleigh, [fact('death', 1920)]).join('\n')).toContain(
      'North Carolina death certificates (statewide from 1913)',
    );
  });
});

describe('determinism', () => {
  it('writes the same answer whatever the order of the documents (a resumed generation skips what it wrote)', () => {
    const q = 'Who were the parents of John Henry Whitfield and when did he marry?';
    expect(ask(q, [JOHN_HENRY], [...ALL].reverse())).toBe(ask(q, [JOHN_HENRY]));
  });
});
