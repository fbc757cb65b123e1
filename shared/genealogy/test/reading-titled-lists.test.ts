import { describe, expect, it } from 'vitest';
import { namesIn as names } from './helpers/read-record';

/*
 * Issue 28: "HH." (Herren) opens a list of surnames as "MM." and "Herren" do, and each may carry its town ("Hüni in
 * Riesbach und Goldschmied in Winterthur"). Texts written here in the style of the Neue Zürcher Zeitung.
 */

describe('surnames listed after a plural title', () => {
  it('"die HH. Bär in Horgen und Wyss in Uster": both men, no town', () => {
    const found = names('Als Bezirksrichter werden die HH. Bär in Horgen und Wyss in Uster bestätigt.');
    expect(found).toEqual(['Bär', 'Wyss']);
  });

  it('"MM. Dufour à Nyon et Rochat à Orbe"', () => {
    expect(names('Le Conseil a nommé MM. Dufour à Nyon et Rochat à Orbe membres de la commission.')).toEqual([
      'Dufour',
      'Rochat',
    ]);
  });
});

describe('a German office written as one word before a surname', () => {
  it('"Außenminister Halifax" is a man; "der Regierung Preußens" is a state', () => {
    expect(names('Der britische Außenminister Halifax wohnte dem Empfang bei, wie die Zeitung berichtet.')).toEqual([
      'Halifax',
    ]);
    expect(
      names('Er wollte nicht mit der Regierung Preußens in Unterhandlungen treten, wie die Zeitung berichtet.'),
    ).toEqual([]);
  });
});
