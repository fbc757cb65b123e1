import { beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';

/*
 * Issue 28: English poor-law orders as parish clerks wrote them — shortened given names with a full stop,
 * surnames that are also record words, justices named with "Knt." and "Esqr:" — read as the people they are.
 * The texts are written here in the orders' style; the bench measures the rules on the London Lives orders.
 */

const read = (text: string) => readRecord({ text, isImage: false });
const people = (text: string) => read(text).peopleIdentified.map((p) => `${p.name}|${p.role}`);

beforeAll(() => void read('Thomas Whitfield of Raleigh.'), 120_000);

describe('removal orders', () => {
  it('a clerk’s "Rt." runs on into the surname, and the man removed is the subject, his wife his spouse', () => {
    const found = people(
      'By Order under the hands and Seals of Peter Crane and Edwd Holt Esqrs. two of his Majesties Justices of the Peace ' +
        'bearing Date the 3d. Day of May 1760 Rt. Farley & Susan his wife were removed from the Parish of St. Anne.',
    );
    expect(found[0]).toBe('Rt. Farley|primary_subject');
    expect(found).toContain('Susan Farley|spouse');
    expect(found.some((p) => p.startsWith('Rt|') || p.startsWith('Farley|'))).toBe(false);
  });

  it('"Mary Head Widow of George Head" and "Thomas Ward and Sarah his Wife": the record word is their surname', () => {
    const widow = people(
      'By Order of the Justices bearing date the 9th day of June 1761 Mary Head Widow of George Head was removed from the Parish of St. Anne.',
    );
    expect(widow).toEqual(['Mary Head|primary_subject', 'George Head|spouse']);
    const couple = people(
      'By Order of the Justices bearing date the 9th day of June 1761 Thomas Ward and Sarah his Wife were removed from the Parish of St. Anne.',
    );
    expect(couple[0]).toBe('Thomas Ward|primary_subject');
    expect(couple).toContain('Sarah Ward|spouse');
  });

  it('a census row keeps "Head" as the relation: "Mary Head 45" is no surname', () => {
    const found = read('Name Relation Age\nJohn Carter Head 50\nMary Head 45').peopleIdentified.map((p) => p.name);
    expect(found).not.toContain('Mary Head');
  });

  it('justices named with "Knt." or "Esqr:" sign the order; the pauper is its subject', () => {
    const e = read(
      'By an Order under the Hands and Seals of Sir Henry Dale Knt: and Robert Pike Esqr: two of his Majesty’s Justices of the Peace ' +
        'bearing date the 24th: day of November 1769 Jane Collier was removed from the Parish of Saint Anne.',
    );
    expect(e.peopleIdentified[0]).toEqual({ name: 'Jane Collier', role: 'primary_subject' });
    const officiants = (e.personDetails ?? []).filter((d) => d.recordRole === 'officiant').map((d) => d.name);
    expect(officiants).toEqual(expect.arrayContaining(['Henry Dale', 'Robert Pike']));
  });

  it('"John Lane Esqr." is one justice, not a "John" of the order', () => {
    const found = read(
      'By an Order under the Hands and Seals of Wm. Kelly and John Lane Esqr. two of his Majestys Justices of the Peace ' +
        'bearing Date the 10th. day of March 1772 Mary Crosby aged Seven Yrs. was removed from the Parish of St. Anne.',
    ).peopleIdentified.map((p) => p.name);
    expect(found[0]).toBe('Mary Crosby');
    expect(found).toContain('John Lane');
    expect(found).not.toContain('John');
  });

  it('"on View of the Body of Robert Page then and there lying dead": a record word after a naming phrase is a surname', () => {
    const e = read(
      'An Inquisition taken at the Parish of Saint Anne before Thomas Prickard, Gentleman, Coroner, on View of the Body of Robert Page then and there lying dead, upon the Oath of John Hales and Joseph Partridge.',
    );
    expect(e.peopleIdentified[0]).toEqual({ name: 'Robert Page', role: 'primary_subject' });
  });

  it('"the Parish of St: Clement Danes": a saint written with the clerk\'s colon names a parish, not a person', () => {
    const found = read(
      'By an Order under the hands and Seals of Francis Caryl and Richd. Rilsha Two of his Majestys Justices of the Peace for the Liberty of Westmr: bearing Date the 18th: Day of Octr. 1766 George Dishonser and Ann his Wife were removed from the Parish of St: Clement Danes in the liberty of Westmr.',
    ).peopleIdentified.map((p) => p.name);
    expect(found[0]).toBe('George Dishonser');
    expect(found).not.toContain('Clement Danes');
  });

  it('"Nymphas Stace Elizabeth his Wife": the man of an unknown given name is the pauper, and the justice named long before is not her husband', () => {
    const e = read(
      "By Order under the Hands and Seals of Bartholomew Hammond and Francis Bedwell Esqrs. Two of His Majesty's Justices of the Peace for the County of Middx (one of the Quorum) bearing date the 29th. day of January 1762 Nymphas Stace Elizabeth his Wife and their two Children were removed from the Parish of St. Clement Danes.",
    );
    expect(e.peopleIdentified[0]).toEqual({ name: 'Nymphas Stace', role: 'primary_subject' });
    expect(e.peopleIdentified).toContainEqual({ name: 'Elizabeth Stace', role: 'spouse' });
    expect(e.peopleIdentified.find((p) => p.name === 'Francis Bedwell')?.role).not.toBe('spouse');
  });

  it('"her Child Ann" takes no justice\'s surname when the mother went unread, and "was removed over from" names the pauper', () => {
    const child = read(
      "By Order under the hands & Seals of Barth: Hammond & Fras. Bedwell Esqrs. two of his Majesty's Justices of the Peace for the County of Middx. (one of the Quorum) bearing date the 18th. day of Decr. 1757. Mary Mc. daniel Widow of Stephen Mc. daniel & her Child Ann aged - abt. three Years were removed from the Parish of St. Clemt. Danes",
    ).peopleIdentified.map((p) => p.name);
    expect(child).not.toContain('Ann Bedwell');
    const pauper = read(
      'By an Order under the Hands and Seals of Peter Planck and Wm. Kelynge Esqr. two of his Majestys Justices of the Peace bearing Date the 8th. day of Decr. 1770 Murtugh Mc Avey was removed over from the Parish of St. Clement Danes to the Parish of St. Martin in the Fields.',
    );
    expect(pauper.peopleIdentified[0]).toEqual({ name: 'Murtugh Mc Avey', role: 'primary_subject' });
  });

  it('"Elizth. Corney S. Woman was removed": single woman is her state, not part of her name', () => {
    const e = read(
      'By an Order under the hands & Seals of R Butler & David Walker Esqrs. Two of his Majestys Justices of the Peace for the County of Middx (one of the Quorum) bearg. Date the 30th Novr. 1775 Elizth. Corney S. Woman was removed from the Parish of St. Clement Danes.',
    );
    expect(e.peopleIdentified[0]).toEqual({ name: 'Elizth. Corney', role: 'primary_subject' });
  });
  it('a widower, a bachelor or a mother with her children is the one removed, not the justice named first', () => {
    const widower = people(
      'By an Order under the hands & Seals of N Bond and Thos. Gordon Esquires two of his Majesty’s Justices of the Peace ' +
        'bearing date the 16th. November 1792 Joel Sparks Widower was removed from the Parish of St Clement Danes to Saint Mary le Strand.',
    );
    expect(widower[0]).toBe('Joel Sparks|primary_subject');
    const mother = people(
      'By an Order under the hands and Seals of R. Butler and W Kitchiner Esqrs. Two of his Majesty’s Justices of the Peace ' +
        'bearing Date the 1st. Novr. 1777 Harriott Elly & her two Children was Removed from the Parish of Saint Clement Danes.',
    );
    expect(mother[0]).toBe('Harriott Elly|primary_subject');
  });
});
