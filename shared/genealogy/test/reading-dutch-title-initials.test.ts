import { describe, expect, it } from 'vitest';
import { namesIn } from './helpers/read-record';

/*
 * "D: E:" before a name in a Dutch deed is "De Edele" (the honourable), written like initials, as "E:" alone is
 * "Edele": a title, never the person's initials (issue 28). Real initials stay ("I: N: Bestbier").
 */

describe('"D: E:" before a name in a Dutch deed', () => {
  it('is a title, not initials', () => {
    expect(
      namesIn('present denaargenoemde getuijgen\nD: E: Abraham van Leeuwen; schipper ten dienste der Ed Comp'),
    ).toContain('Abraham van Leeuwen');
    expect(namesIn('Compareerde voor mij D:E: Ian van Hoorn koopman alhier.')).toContain('Ian van Hoorn');
  });

  it('leaves real initials on the name', () => {
    expect(namesIn('onderstond Quod Attestor /was Getek:d/ I: N: Bestbier Not.s')).toContain('I: N: Bestbier');
  });
});
