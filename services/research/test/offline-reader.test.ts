import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../src/domain/offline/answer';
import { indexOf } from './support/read-records';
import { FILES, IDS, recordByRules } from './support/stored-records';

/*
 * Issue 28 end to end: the five Whitfield records and a Sullivan obituary read by the REAL rules,
 * the people index built from that reading by the package, and Gene's answer: the facts a
 * genealogist reads in the records, cited, and never that the records are silent on them.
 */

const KEYS = ['marriage', 'baptism', 'census', 'letter', 'obituary', 'sullivan'] as const;
const docs = KEYS.map(recordByRules);
const index = indexOf(docs);
const link = (key: keyof typeof IDS) => `(/documents?view=${IDS[key]}`;
const ask = (query: string, name?: string) =>
  offlineAnswer({
    query,
    documents: docs,
    requestType: 'regular',
    people: name ? index.filter((p) => p.individual.name === name) : [],
  });
const lead = (answer: string) => answer.split('\n')[0]!;

describe('issue 28 through the real reader', () => {
  it("John Henry Whitfield's parents and marriage, with the letter's disagreeing date", () => {
    const answer = ask('Who were the parents of John Henry Whitfield and when did he marry?', 'John Henry Whitfield');
    expect(answer).not.toMatch(/only one of|do not say|do not name/);
    expect(lead(answer)).toMatch(/^John Henry Whitfield's parents were Thomas Whitfield and Mary Ann Whitfield \(/);
    expect(lead(answer)).toContain('the records disagree on when he married: June 1886');
    expect(lead(answer)).toContain(`14 June 1887 in Raleigh ([${FILES.marriage}]${link('marriage')}))`);
    expect(answer.split('## Conflicting dates')[1]).toContain(link('letter'));
  });

  it("Margaret Sullivan's parents from her obituary", () => {
    const answer = ask('Who were the parents of Margaret Sullivan?', 'Margaret Sullivan');
    expect(answer).not.toMatch(/do not name|do not say/);
    expect(lead(answer)).toBe(
      `Margaret Sullivan's parents were Michael Sullivan and Bridget Sullivan ([${FILES.sullivan}]${link('sullivan')})).`,
    );
  });

  it("John Henry Whitfield's children", () => {
    const answer = ask('Who were the children of John Henry Whitfield?', 'John Henry Whitfield');
    expect(lead(answer)).toMatch(/children named in the records are .*Thomas Barnes Whitfield/);
    expect(lead(answer)).toContain(link('baptism'));
  });

  it("Thomas Whitfield's death is the grandfather's, from the letter and the obituary", () => {
    const answer = ask('When did Thomas Whitfield die?', 'Thomas Whitfield');
    expect(lead(answer)).toBe(
      `Thomas Whitfield died on 3 March 1902 in Raleigh ([${FILES.letter}]${link('letter')}); [${FILES.obituary}]${link('obituary')})).`,
    );
    expect(ask('When did John Henry Whitfield die?', 'John Henry Whitfield')).not.toMatch(/3 March 1902 \(/);
  });

  it('never cites the baptism as a birth certificate in the answer’s own words', () => {
    const answer = ask('When was Thomas Barnes Whitfield born?', 'Thomas Barnes Whitfield');
    expect(lead(answer)).not.toMatch(/birth certificate/i);
    expect(docs[1]!.documentType).toBe('birth');
  });
});
