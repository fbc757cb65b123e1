import { describe, expect, it } from 'vitest';
import { peopleIn } from './helpers/read-record';

/*
 * Issue 28: the subject of a poor-law removal order, when the clerk's copy puts the justices' verb in the wrong
 * place, gives a weekday for a surname, or a given name that is also a surname. The texts are written here in the
 * orders' style; the bench measures the rules on the London Lives orders.
 */

describe('the person removed, not the justice', () => {
  it('"under the Hands and Seals of A and B": both are justices, even when the copy puts "was removed" after B', () => {
    const found = peopleIn(
      'By an Order under the Hands and Seals of John Wright and Thomas Hale was removed Esqrs. two of his Majestys ' +
        'Justices of the Peace bearing date the Jane Cole from the Parish of Saint Clement Danes to Saint Mary Lambeth ' +
        'in the County of Surry 20th. July 1784 Jane Cole',
    );
    expect(found[0]).toBe('Jane Cole|primary_subject');
    expect(found).toContain('Thomas Hale|other_relative');
  });

  it('a clergyman named after another is not one unless titled: "by the Rev. A, B, son of" still makes B the next clause', () => {
    const found = peopleIn(
      'Married by the Rev. Samuel Pritchard and John Henry Whitfield, son of Thomas Whitfield, was the groom.',
    );
    expect(found.some((p) => p.startsWith('John Henry Whitfield|'))).toBe(true);
  });
});

describe('the subject’s own name', () => {
  it('a weekday is a surname when a given name leads it and the order removes the person', () => {
    const found = peopleIn(
      'Ann Monday 23d. Octr. 1776 By an Order under the hands and Seals of John Cox Esqr. one of his Majestys Justices ' +
        'of the Peace bearing Date the 23d. Octr 1776 Ann Monday Single Woman was Removed from the Parish of St. Clement ' +
        'Danes to the Parish of St. Ann Soho',
    );
    expect(found[0]).toBe('Ann Monday|primary_subject');
  });

  it('"Fulton Thomas was removed": a given name that is also a surname ends the name, it does not start it', () => {
    const found = peopleIn(
      'Fulton Thomas By an Order under Etc of Sampn. Wright & N Bond Esqrs. 2 Etc. Dated 8th. Novr. 1787 Fulton Thomas ' +
        'was removed from St. C Danes to St. George the Martyr',
    );
    expect(found[0]).toBe('Fulton Thomas|primary_subject');
    expect(found.some((p) => p.startsWith('Thomas|'))).toBe(false);
  });
});

describe('one person spelled apart in one record', () => {
  it('a clerk’s transposed letters ("Chirstopher Brown", then "the said Christopher Brown") are the same person', () => {
    const found = peopleIn(
      'An Inquisition taken before Thomas Prickard, Gentleman, Coroner, on View of the Body of Chirstopher Brown then and ' +
        'there lying dead, upon the Oath of John Taylor and Henry Platt, who say that the said Christopher Brown did ' +
        'hang himself, and so the said Christopher Brown died.',
    );
    expect(found[0]).toBe('Christopher Brown|primary_subject');
    expect(found.filter((p) => p.includes(' Brown|'))).toHaveLength(1);
  });

  it('two given names that are both names (Maria, Marie) stay two people', () => {
    const found = peopleIn('Maria Lenz and Marie Lenz were baptized by the Rev. John Hale.');
    expect(found.filter((p) => p.includes(' Lenz|'))).toHaveLength(2);
  });
});

describe('surnames a clerk writes in two pieces', () => {
  it('"Mary Mc. daniel Widow of Stephen Mc. daniel": the "Mc." and the rest are one surname', () => {
    const found = peopleIn(
      'By Order of the Justices bearing date the 18th. day of Decr. 1757. Mary Mc. daniel Widow of Stephen Mc. daniel ' +
        '& her Child Ann were removed from the Parish of St. Clemt. Danes',
    );
    expect(found.slice(0, 2)).toEqual(['Mary Mc Daniel|primary_subject', 'Stephen Mc Daniel|spouse']);
  });
});

describe('the coroner and the body', () => {
  const inquest = (body: string) =>
    peopleIn(
      `An Inquisition taken before Thomas Prickard, Gentleman, Coroner, on View of the Body of ${body} then and there ` +
        'lying dead, upon the Oath of John Taylor, Henry Platt and Samuel Crisp good and lawful Men.',
    );

  it('the body of a man unknown: the record has no subject, and the coroner is never it', () => {
    expect(inquest('a certain Man unknown').some((p) => p.endsWith('|primary_subject'))).toBe(false);
  });

  it('a named body is the subject, the coroner is not', () => {
    expect(inquest('Sarah Wood Widow')[0]).toBe('Sarah Wood|primary_subject');
  });
});

describe('a place written before the margin’s name', () => {
  it('"to the Parish of Watlington in the County of Oxford Lettitia Green": Oxford is the county, not her first name', () => {
    const found = peopleIn(
      'By a Pass under the hand & seal of Fras. Bedwell Esqr. one of his Majesty’s Justices of the Peace bearing date the ' +
        '21st. day of February 1758. Letitia Green was passed as a Vagrant to the Parish of Watlington in the County of ' +
        'Oxford Lettitia Green & 3 Childn. 21st. Febry. 1758.',
    );
    expect(found.some((p) => p.startsWith('Oxford'))).toBe(false);
  });
});

describe('a name and its alias', () => {
  it('"Susanna Collyer otherwise Susanna Gibbs", "John Lee alias John Leigh": one person, not two', () => {
    for (const [text, name] of [
      ['the Body of Susanna Collyer otherwise Susanna Gibbs then and there lying dead', 'Susanna Collyer'],
      ['Examination of John Lee alias John Leigh, labourer, taken on oath', 'John Lee'],
    ] as const) {
      const found = peopleIn(text);
      expect(found).toEqual([`${name}|primary_subject`]);
    }
  });
});

describe('surnames of a saint’s name', () => {
  it('"Theodocia St. George", "Henry St. Clair", "Jane St. John Widow of Thomas St. John" keep the saint in the surname', () => {
    expect(
      peopleIn('Dated 27th. Augd. 1787 Theodocia St. George was removed from St. C. D. to St. Andrew Holborn')[0],
    ).toBe('Theodocia St. George|primary_subject');
    expect(peopleIn('Mr. Henry St. Clair, of Boston, died yesterday.')[0]).toBe('Henry St. Clair|primary_subject');
    expect(peopleIn('Jane St. John Widow of Thomas St. John was removed to St. Giles').slice(0, 2)).toEqual([
      'Jane St. John|primary_subject',
      'Thomas St. John|spouse',
    ]);
  });

  it('a church after a saint is no one: "the Parish of St. Mary St. Giles"', () => {
    expect(peopleIn('John Cole was removed to the Parish of St. Mary St. Giles in the Fields.')).toEqual([
      'John Cole|primary_subject',
    ]);
  });
});

describe('places that look like the names above', () => {
  it('"at his home, 41 Bank St. He was born": a street, then a pronoun, no person', () => {
    const found = peopleIn(
      'OBITUARY. Thomas F. Gilhooly, retired motorman, died yesterday at his home, 41 Bank St. He was born in County ' +
        'Roscommon, Ireland, in 1861. Surviving are his widow, Mary; and two daughters, Margaret and Anna.',
    );
    expect(found[0]).toBe('Thomas F. Gilhooly|primary_subject');
    expect(found.some((p) => /\bHe\b/.test(p))).toBe(false);
  });

  it('"enke efter gårdmand Søren Pedersen i Vester Åby": a village after "i", no given name misread', () => {
    const found = peopleIn(
      'Døde 1855. Den 14 december døde Ane Kirstine Jensdatter, enke efter gårdmand Søren Pedersen i Vester Åby, 68 år, ' +
        'datter af Jens Madsen.',
    );
    expect(found.some((p) => p.startsWith('Vester'))).toBe(false);
  });
});
