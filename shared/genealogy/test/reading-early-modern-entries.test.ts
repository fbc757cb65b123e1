import { describe, expect, it } from 'vitest';
import { peopleIn as people } from './helpers/read-record';

/*
 * Issue 28: early modern funeral entries as transcribers print them — "wife to", a peer's rank after his given
 * name, abbreviations expanded in square brackets ("d[aughte]r", "Jo[hn]"). Texts written here in the style of the
 * Irish funeral entries the bench measures (VOICES).
 */

describe('early modern funeral entries', () => {
  it('"d[aughte]r of Walter Segrave & wi[fe] to Sr John Tyrell": her father and her husband', () => {
    const found = people(
      'Mary Tyrell, d[aughte]r of Walter Segrave alderman of Dublin, & wi[fe] to Sr John Tyrell knight: deceased in December 1604.',
    );
    expect(found).toContain('Walter Segrave|parent');
    expect(found).toContain('John Tyrell|spouse');
  });

  it('"Cicilie (wife to Nichas Stevens)": a daughter’s husband is not the deceased’s', () => {
    const found = people(
      'Mary Tyrell deceased in December 1604. Shee had issue Walter, Cicilie (wife to Nichas Stevens sometime shireve of Dublin) and three more.',
    );
    expect(found).not.toContain('Nichas Stevens|spouse');
  });

  it('"sonne to Jo[hn] Erle of Bath": the rank is no surname', () => {
    const found = people(
      'Sr George Bourchier knight, sonne to Jo[hn] Erle of Bath, deceased ye xxiii Septemb[er] 1605.',
    );
    expect(found.some((p) => p.startsWith('John Erle|'))).toBe(false);
    expect(found.find((p) => p.startsWith('John '))).toMatch(/\|parent$/);
  });

  it('"bur[ied] in Christechurch Dublin": the church is no one buried', () => {
    const found = people('Peter Bolton deceased ye fourth of March 1604 and is bur[ied] in Christechurch Dublin.');
    expect(found).toEqual(['Peter Bolton|primary_subject']);
  });
});
