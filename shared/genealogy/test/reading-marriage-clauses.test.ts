import { describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';

const roles = (text: string) => {
  const e = readRecord({ text, isImage: false });
  const detail = new Map((e.personDetails ?? []).map((d) => [d.name, d.recordRole]));
  return e.peopleIdentified.map((p) => [p.name, p.role, detail.get(p.name) ?? null]);
};

describe('a marriage told over several sentences', () => {
  it('takes the groom named again before "married" as the one who married, so the bride and her parents are hers', () => {
    const text = `CERTIFICATE OF MARRIAGE
John Henry Whitfield, son of Thomas Whitfield and Mary Ann Whitfield, was born 2 March 1862 in Wake County.
John Henry Whitfield married Sarah Elizabeth Cole on 14 June 1887 in Raleigh.
The bride is the daughter of Robert Cole and Susan Cole.`;
    expect(roles(text)).toEqual([
      ['John Henry Whitfield', 'primary_subject', 'groom'],
      ['Thomas Whitfield', 'parent', 'father_of_groom'],
      ['Mary Ann Whitfield', 'parent', 'mother_of_groom'],
      ['Sarah Elizabeth Cole', 'spouse', 'bride'],
      ['Robert Cole', 'other_relative', 'father_of_bride'],
      ['Susan Cole', 'other_relative', 'mother_of_bride'],
    ]);
  });

  it('does not take a name that ends an earlier sentence for the one who married', () => {
    const text = `CERTIFICATE OF MARRIAGE
The license was issued by Thomas Whitfield, clerk.
On 3 May 1890 at Raleigh, George Adams married Lucy Bell.`;
    const read = roles(text);
    expect(read.find(([name]) => name === 'Lucy Bell')?.[2]).toBe('bride');
    expect(read.find(([name]) => name === 'Thomas Whitfield')?.[1]).not.toBe('spouse');
  });
});
