import { beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';

/*
 * Handwriting recognition of Dutch deeds writes many surnames in lower case ("Egbert blomhert",
 * "Daniel van fokkenberg"). After a run of given names, the lower-case word that follows is the
 * surname the name lacks; a verb, a title or an occupation there is not (issue 28).
 */

const names = (text: string) => readRecord({ text, isImage: false }).peopleIdentified.map((p) => p.name);

beforeAll(() => void names('Batavia'), 120_000);

describe('surnames written in lower case in a Dutch deed', () => {
  it('completes given names with the lower-case surname after them, with its particle', () => {
    const found = names(
      'Op heden den 7:e Ianuarij 1757 Compareerde voor mij Pieter Herstad boekhouder ten desen Comptoire, ' +
        'den alhier bescheiden kranckbesoeker Daniel van fokkenberg, zijnde ziek en zwak.\n' +
        'Vervoegde ik mij Joan Adriaan dreijer. onderkoopman met de getuijgen Egbert blomhert en Iacob Pannesmit.',
    );
    expect(found).toEqual(expect.arrayContaining(['Daniel van fokkenberg', 'Joan Adriaan dreijer', 'Egbert blomhert']));
  });

  it('takes no verb, occupation or common word for a surname', () => {
    const found = names(
      'Compareerde voor mij Willem Hasselaer notaris, ende Pieter zijnde ziek te bedde, ' +
        'en Jan wonende alhier, ende Hendrik soldaat in dienst der Comp: alhier.',
    );
    expect(found.some((n) => /zijnde|wonende|soldaat|notaris|alhier/i.test(n))).toBe(false);
    expect(found).toContain('Willem Hasselaer');
  });

  it('leaves English text alone', () => {
    const found = names('Received of John smith the sum of ten pounds.');
    expect(found.some((n) => /smith/.test(n))).toBe(false);
  });
});
