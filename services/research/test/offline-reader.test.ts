import { afterAll, describe, expect, it } from 'vitest';
import { offlineAnswer } from '../src/domain/offline/answer';
import { indexOf } from './support/read-records';
import { FILES, IDS, recordByRules } from './support/stored-records';

/*
 * Issue 28 end to end: the five Whitfield records and a Sullivan obituary read by the REAL rules
 * (the reader colleagues are improving), the people index built from that reading by the package,
 * and Gene's answer. Gene must say what the reading holds, cited, and never that the records are
 * silent. Where the reading itself misses a fact a genealogist reads, the test does not fail on it:
 * it records the gap (printed at the end) for the reader's owners.
 */

const KEYS = ['marriage', 'baptism', 'census', 'letter', 'obituary', 'sullivan'] as const;
const docs = KEYS.map(recordByRules);
const index = indexOf(docs);
const gaps: string[] = [];
const link = (key: keyof typeof IDS) => `(/documents?view=${IDS[key]}`;
const ask = (query: string, name?: string) =>
  offlineAnswer({
    query,
    documents: docs,
    requestType: 'regular',
    people: name ? index.filter((p) => p.individual.name === name) : [],
  });
const lead = (answer: string) => answer.split('\n')[0]!;
const person = (name: string) => index.find((p) => p.individual.name === name);
const relativesOf = (name: string, relation: string) =>
  (person(name)?.relatives ?? []).filter((r) => r.relation === relation).map((r) => r.name);

afterAll(() => {
  if (gaps.length) console.info(`Reading gaps (the answer said what the reading held):\n- ${gaps.join('\n- ')}`);
});

describe('issue 28 through the real reader', () => {
  it("John Henry Whitfield's parents and marriage", () => {
    const answer = ask('Who were the parents of John Henry Whitfield and when did he marry?', 'John Henry Whitfield');
    expect(answer).not.toMatch(/only one of|do not say|do not name/);
    const parents = relativesOf('John Henry Whitfield', 'parent');
    if (parents.includes('Thomas Whitfield') && parents.includes('Mary Ann Whitfield'))
      expect(lead(answer)).toMatch(
        /^John Henry Whitfield's parents were (Thomas Whitfield and Mary Ann Whitfield|Mary Ann Whitfield and Thomas Whitfield)/,
      );
    else gaps.push(`John Henry Whitfield's parents in the index: ${parents.join(', ') || 'none'}`);
    const marriages = (person('John Henry Whitfield')?.timeline ?? []).filter((t) => t.kind === 'marriage');
    if (marriages.some((t) => t.date === '1887-06-14' && t.documentId === IDS.marriage)) {
      expect(lead(answer)).toContain('14 June 1887');
      expect(lead(answer)).toContain(link('marriage'));
    } else gaps.push(`John Henry Whitfield's marriages in the index: ${JSON.stringify(marriages)}`);
    if (marriages.some((t) => t.documentId === IDS.letter && t.year === 1886)) {
      expect(lead(answer)).toContain('the records disagree on when he married');
      expect(answer.split('## Conflicting dates')[1]).toContain(link('letter'));
    } else gaps.push("the letter's wedding of June 1886 is not in John Henry Whitfield's timeline");
    const spouses = relativesOf('John Henry Whitfield', 'spouse');
    if (!spouses.some((s) => /Sarah/.test(s)))
      gaps.push(`John Henry Whitfield's spouses in the index: ${spouses.join(', ') || 'none'}`);
  });

  it("Margaret Sullivan's parents from her obituary", () => {
    const answer = ask('Who were the parents of Margaret Sullivan?', 'Margaret Sullivan');
    expect(answer).not.toMatch(/do not name|do not say/);
    const parents = relativesOf('Margaret Sullivan', 'parent');
    if (parents.length === 2)
      expect(lead(answer)).toBe(
        `Margaret Sullivan's parents were ${parents.join(' and ')} ([${FILES.sullivan}]${link('sullivan')})).`,
      );
    else gaps.push(`Margaret Sullivan's parents in the index: ${parents.join(', ') || 'none'}`);
  });

  it("John Henry Whitfield's children", () => {
    const answer = ask('Who were the children of John Henry Whitfield?', 'John Henry Whitfield');
    const children = relativesOf('John Henry Whitfield', 'child');
    if (children.some((c) => c.startsWith('Thomas')))
      expect(lead(answer)).toMatch(/children named in the records are .*Thomas/);
    else {
      gaps.push(`John Henry Whitfield's children in the index: ${children.join(', ') || 'none'}`);
      expect(lead(answer)).toContain('the reading of these documents found none of his children');
    }
  });

  it("Thomas Whitfield's death", () => {
    const answer = ask('When did Thomas Whitfield die?', 'Thomas Whitfield');
    expect(answer).not.toMatch(/do not say/);
    const deaths = index
      .filter((p) => p.individual.name === 'Thomas Whitfield')
      .flatMap((p) => p.timeline.filter((t) => t.kind === 'death'));
    if (deaths.some((t) => t.date === '1902-03-03')) expect(lead(answer)).toContain('3 March 1902');
    else gaps.push(`Thomas Whitfield's deaths in the index: ${JSON.stringify(deaths)}`);
  });

  it('never cites the baptism as a birth certificate in the answer’s own words', () => {
    const answer = ask('When was Thomas Barnes Whitfield born?', 'Thomas Barnes Whitfield');
    expect(lead(answer)).not.toMatch(/birth certificate/i);
    const type = docs[1]!.documentType;
    if (type !== 'birth') gaps.push(`the baptism register is typed "${type}"`);
  });
});
