import { describe, expect, it } from 'vitest';
import { namesIn as names, peopleIn as people } from './helpers/read-record';

/*
 * Issue 28: lists that write each person surname first with no comma before the given name, as Swiss and French
 * papers print election lists and rolls. Texts written here in that style; the bench measures the rules on HIPE's
 * Neue Zürcher Zeitung passages.
 */

describe('lists written surname first', () => {
  it('"Keller Albert, Dr., Huber Robert Ingenieur, Vogt Arnold": each entry is one person, and "Dr." is no daughter', () => {
    const found = people(
      'In die Kommission wurden gewählt die Herren Keller Albert, Dr., Huber Robert\nIngenieur, Vogt Arnold, Schär Friedrich, Architekt.',
    );
    expect(found.map((p) => p.split('|')[0])).toEqual([
      'Albert Keller',
      'Robert Huber',
      'Arnold Vogt',
      'Friedrich Schär',
    ]);
    expect(found.some((p) => /\|(?:child|parent|spouse|sibling)$/.test(p))).toBe(false);
  });

  it('a French roll "Dupré Jean, Martin Pierre, Lenoir Louis"', () => {
    expect(names('Ont été nommés membres du conseil : Dupré Jean, Martin Pierre, Lenoir Louis, négociants.')).toEqual(
      expect.arrayContaining(['Jean Dupré', 'Pierre Martin', 'Louis Lenoir']),
    );
  });

  it('one entry alone, places and titles are no inverted names', () => {
    expect(names('Die Truppen lagen bei Fort William, wo der Kommandant Weber Albert empfing.')).not.toContain(
      'William Fort',
    );
    expect(names('On a vu au port Saint Louis, Port Louis, les navires du roi.')).not.toContain('Louis Port');
    expect(names('Es sprachen Kaiser Wilhelm, Prinz Heinrich und der Kanzler.')).not.toContain('Wilhelm Kaiser');
  });

  it('in English a place list keeps its places: "Fort William, Port Arthur, Lake George"', () => {
    expect(names('The steamer called at Fort William, Port Arthur, Lake George and Duluth.')).toEqual([]);
  });
});
