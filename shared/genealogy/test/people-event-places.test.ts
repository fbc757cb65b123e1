import { describe, expect, it } from 'vitest';
import { type DocumentFacts, mentionsOfDocument } from '../src/people/mentions';
import { readDocumentFacts } from './helpers/read-record';

/*
 * Issue 28: a life event takes the place the record gives it. A death certificate that names the birthplace first
 * gave its first town to the death as well ("died … at Dallas" became a death at Brookline): a wrong fact.
 */
const factsOf = readDocumentFacts;

const eventsOf = (doc: DocumentFacts, name: string) =>
  mentionsOfDocument(doc)
    .find((m) => m.nameAsWritten === name)!
    .events.map((e) => [e.kind, e.date, e.place]);

describe('the place of each life event', () => {
  it('"born … at Brookline, Massachusetts, died … at Dallas": each event its own town', () => {
    const doc = factsOf(
      'kennedy-death.txt',
      'STATE OF TEXAS — CERTIFICATE OF DEATH\nThis is to certify that John Fitzgerald Kennedy, son of Joseph Patrick Kennedy and\nRose Fitzgerald Kennedy, husband of Jacqueline Lee Kennedy, born May 29, 1917 at\nBrookline, Massachusetts, died on November 22, 1963 at Dallas, Dallas County, Texas,\naged 46 years. Occupation: President of the United States.\nInformant: Robert Francis Kennedy, brother of the deceased.\nRegistered at Dallas, November 23, 1963.',
    );
    const events = eventsOf(doc, 'John Fitzgerald Kennedy');
    expect(events).toContainEqual(['birth', '1917-05-29', 'Brookline']);
    expect(events).toContainEqual(['death', '1963-11-22', 'Dallas']);
  });

  it('a record naming one town gives it to its events, as before', () => {
    const doc = factsOf(
      'whitfield-obituary.txt',
      'OBITUARY. Thomas Whitfield, one of the oldest citizens of Raleigh, died on the 3rd of January 1890 at his home, aged 61 years. He was a farmer.',
    );
    expect(eventsOf(doc, 'Thomas Whitfield')).toContainEqual(['death', '1890-01-03', 'Raleigh']);
  });

  it('a record naming several towns and none at the event gives that event no place', () => {
    const doc = factsOf(
      'letter.txt',
      'Boston, 4 May 1902. Dear Sarah, Father, Thomas Whitfield, passed away on the 2nd of May 1902. The funeral will be held in Raleigh next week and Mary comes from Richmond.',
    );
    const death = eventsOf(doc, 'Thomas Whitfield').find(([kind]) => kind === 'death');
    expect(death?.[2]).not.toBe('Boston');
  });
});
