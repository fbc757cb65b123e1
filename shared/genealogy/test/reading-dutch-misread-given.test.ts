import { describe, expect, it } from 'vitest';
import { namesIn } from './helpers/read-record';

/*
 * Handwriting recognition misreads one letter of a Dutch deed's given names: "Lacharias" (Zacharias), "Elisabath"
 * (Elisabeth), "Tustinus" (Justinus). A name of two words or more that opens with a known given name of five letters
 * or more with one letter misread is a person (six letters at least, and no verb in "-en"), as one opening with the given name itself is (issue 28). A lone word
 * so shaped is not.
 */

describe('a given name misread by one letter in a Dutch deed', () => {
  it('opens a person', () => {
    const found = namesIn(
      'instituerd den testateur den Eerzamen Ian Zimmer baeskuijper en Lacharias Bergh oppertimmerman ten dezen ' +
        'Comptoire, om na sijn overlijden.',
    );
    expect(found).toContain('Lacharias Bergh');
  });

  it('is no person alone, nor a short word or a verb one letter off a given name', () => {
    expect(namesIn('en de Lacharias van dien dag bleef in het Comptoire.')).not.toContain('Lacharias');
    const found = namesIn('Heden den Agthienden Januarij 1760 en de Jonge Juffrouw wilde Willen Verwisselen.');
    expect(found.some((n) => /Heden|Jonge|Willen/.test(n))).toBe(false);
  });
});
