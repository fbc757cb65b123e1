import { beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';

/* Dutch notarial deeds as handwriting recognition gives them (issue 28): the formulas name the people. */

const read = (text: string) => readRecord({ text, isImage: false });
const names = (text: string) => read(text).peopleIdentified.map((p) => p.name);

beforeAll(() => void names('Batavia'), 120_000);

describe('Dutch deeds', () => {
  it('reads the appearer and the notary after the formula, a given name no lexicon holds too', () => {
    const text =
      'Op heden den 3: Maart 1761 compareerde voor mij Harmanus Veltkamp notaris publicq binnen de stad Batavia, ' +
      'ter presentie van de naargenoemde getuijgen, de Sr: Liebrecht Oudtshoorn burger alhier, dewelke verklaarde zijn testament te maken.';
    const found = names(text);
    expect(found).toEqual(expect.arrayContaining(['Harmanus Veltkamp', 'Liebrecht Oudtshoorn']));
    expect(found.some((n) => /notaris|burger/i.test(n))).toBe(false);
  });

  it('keeps the initials a clerk wrote with a colon before a signature', () => {
    const found = names('Aldus gedaan ten comptoire van mij notaris.\n/was geteekend/ H: W: Brommert\nAccordeert');
    expect(found).toEqual(['H: W: Brommert']);
  });

  it('takes a formula word, a sum or a clerk’s note for no one', () => {
    const found = names('Quod attestor. Aldus Gedaan in Batavia, ter presentie van Drie Hondert Rijksdaalders.');
    expect(found).toEqual([]);
  });

  it('keeps a middle given name the transcription wrote in lower case inside the name', () => {
    const text =
      'Compareerde voor mij notaris publicq binnen de stad Batavia de Sr: Hendrik jacobus Velsing, burger alhier, ' +
      'de welke verklaarde dat hij sijn testament maakte met de getuijgen.';
    expect(names(text)).toContain('Hendrik jacobus Velsing');
  });
});

describe('English registers', () => {
  it('takes a saint’s name for a parish, and a count of months for no one', () => {
    const text =
      'By Order of Wm. Hartley Esqr. Sarah Tidmarsh Singlewoman was removed from the Parish of St. Clement Danes ' +
      'to the Parish of St Mary le Bone, having lived there Ten Months.';
    const found = names(text);
    expect(found).toEqual(expect.arrayContaining(['Wm. Hartley', 'Sarah Tidmarsh']));
    expect(found.some((n) => /Clement|Mary|Months/.test(n))).toBe(false);
  });

  it('keeps the foreman of a jury apart from his name', () => {
    const text =
      'upon the Oaths of Richard Pinnock , Samuel Ashby and Edward Colley Good and Lawfull Men of the said County.\n' +
      'Richard Pinnock Foreman';
    const found = names(text);
    expect(found).toEqual(expect.arrayContaining(['Richard Pinnock', 'Samuel Ashby']));
    expect(found.some((n) => /Foreman|Lawfull/.test(n))).toBe(false);
  });
});

describe('magistrates who act in a record are not its subject', () => {
  it('reads the justices who signed an order as officiants and the person removed as the subject', () => {
    const e = read(
      'By Order under the hands and Seals of Robert Palmer and Henry Wood Esqrs. two of his Majesty’s Justices ' +
        'of the Peace for the County of Kent bearing date the 4th day of May 1770 Martha Grey Widow was removed ' +
        'from the Parish of St. Alphege to the Parish of Deptford.',
    );
    expect(e.peopleIdentified[0]).toEqual({ name: 'Martha Grey', role: 'primary_subject' });
    const officiants = (e.personDetails ?? []).filter((d) => d.recordRole === 'officiant').map((d) => d.name);
    expect(officiants).toEqual(expect.arrayContaining(['Robert Palmer', 'Henry Wood']));
  });

  it('calls nobody the subject when the only people read are the magistrates', () => {
    const e = read(
      'By a Pass under the hand and Seal of Robert Palmer Esqr. one of his Majesty’s Justices of the Peace ' +
        'for the County of Kent bearing date the 4th day of May 1770.',
    );
    expect(e.peopleIdentified.map((p) => p.name)).toEqual(['Robert Palmer']);
    expect(e.peopleIdentified.some((p) => p.role === 'primary_subject')).toBe(false);
  });
});

describe('a name broken over a line in prose', () => {
  it('does not read the surname that ends the name as a register row written surname first', () => {
    const found = names('Among the members present were Anna\nBrunner, Karl Weber and\nOtto Frey.');
    expect(found).toEqual(expect.arrayContaining(['Anna Brunner', 'Karl Weber', 'Otto Frey']));
    expect(found).not.toContain('Karl Weber Brunner');
  });

  it('still reads rows that begin with the surname', () => {
    expect(names('Brunner, Anna, wife, 40\nWeber, Karl, servant, 19')).toEqual(
      expect.arrayContaining(['Anna Brunner', 'Karl Weber']),
    );
  });
});

describe('no kinship the text does not state', () => {
  const family = (text: string) =>
    read(text)
      .peopleIdentified.filter((p) => ['parent', 'child', 'spouse', 'sibling'].includes(p.role))
      .map((p) => p.name);

  it('reads no relationship word inside a surname ("Boyd", "Songster", "Meredith")', () => {
    const text =
      'upon the Oath of Thomas Boyd William Songster George Meredith Henry Archer , Joseph Lane and Samuel Cole good and lawful men';
    expect(family(text)).toEqual([]);
  });

  it('takes a juror surnamed Bride for a juror, not the next man for a bride', () => {
    expect(family('upon the Oath of Hugh Wallace , James Bride , James Berrell , John Bishop and others')).toEqual([]);
  });

  it('reads "Dr" before a name as the title, after a name too', () => {
    expect(family('Présents: M. Anthamatten, conseiller d’Etat, M. le Dr Baillard, préfet, et M. Ammann.')).toEqual([]);
    expect(family('von den Abgg . Rösicke , Adt , Dr . Hitze und Fischbeck gestellt.')).toEqual([]);
    // A census row's "Dr" column still says daughter.
    expect(family('Thomas Whitfield, Head, M, 45\nAnn Whitfield Dr S 10')).toEqual(['Ann Whitfield']);
  });

  it('takes a town before a state’s abbreviation for a town', () => {
    const found = names(
      'Charlotte Ingram, a club girl of Ellendale, Del., met Mary Ann Long of Selby, Va., yesterday.',
    );
    expect(found.some((n) => /Ellendale|Selby/.test(n))).toBe(false);
  });

  it('marks the people a record only names, and not those it ties to the subject', () => {
    const e = read(
      'John Smith died on 3 May 1901. He leaves his cousin Mary Brown. The service was attended by Louis Thorens.',
    );
    const detail = (name: string) => (e.personDetails ?? []).find((d) => d.name === name);
    expect(detail('Louis Thorens')?.namedOnly).toBe(true);
    expect(detail('Mary Brown')?.namedOnly).toBeUndefined();
    expect(detail('John Smith')?.namedOnly).toBeUndefined();
  });
});

describe('Dutch deeds: who acts and who appears', () => {
  it('the notary before whom one appears acts in the deed; the appearer after "nagenoemde getuijgen" is its subject, and no one dies of it', () => {
    const e = read(
      'In den Name des Heeren Amen\nOp heden den Elfden April 1756\nCompareerde voor mij Willem Hasselaer assistent\nen geswore scriba ten dezen Comptoire; en voor de nage\nnoemde Getuijgen, Pieter Vermeulen Corporaal\nin dienst der Comp: alhier; zijnde hij Comparant ziek te bedde leggende.\nDen E: Testateur verklaarde het zelve te zijn desselfs Testament.',
    );
    expect(e.peopleIdentified[0]).toEqual({ name: 'Pieter Vermeulen', role: 'primary_subject' });
    const notary = e.personDetails?.find((d) => d.name === 'Willem Hasselaer');
    expect(notary?.recordRole).toBe('officiant');
    expect(e.personDetails?.some((d) => d.recordRole === 'deceased' && d.name === 'Willem Hasselaer')).toBe(false);
  });
});
