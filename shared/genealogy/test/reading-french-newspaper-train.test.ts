import { describe, expect, it } from 'vitest';
import { namesIn as names } from './helpers/read-record';

/*
 * French newspaper prose (issue 28), what a first reading of the larger French train set (hipe2020-fr-train)
 * found. Each case is a shape, written here in sentences of our own. False persons: a German register word
 * ("Bauer") cut from a French name. People missed: "M." or "MM." and a surname broken over the line.
 * (Line and dateline shapes: reading-french-newspaper-lines.test.ts.)
 */
const PROSE = 'Le conseil a décidé que la séance serait levée et que les députés se réuniraient demain dans la salle.';

describe('"Bauer" outside German text', () => {
  it('keeps "Bauer" as the surname after a given name in French', () => {
    expect(names(`${PROSE} Comme on le voit, M. Gérard Bauer est fort versé dans les questions économiques.`)).toEqual([
      'Gérard Bauer',
    ]);
    expect(names(`${PROSE} Comme on le voit, M. Gérard\nBauer est fort versé dans les questions économiques.`)).toEqual(
      ['Gérard Bauer'],
    );
  });
});

describe('"M." or "MM." and a surname broken over the line', () => {
  it('joins the surname on the next line to the one word after the title', () => {
    expect(
      names(`${PROSE} Hier, MM. Braullo\nLamberti, Mendoza et Armas ont été désignés membres de la junte.`),
    ).toContain('Braullo Lamberti');
    expect(names(`${PROSE} La motion de M. Ernesto\nValverde a été renvoyée au gouvernement.`)).toEqual([
      'Ernesto Valverde',
    ]);
  });

  it('leaves a capitalised word that is no name on the next line apart', () => {
    expect(names(`${PROSE} Le rapport de M. Calonder\nLe Conseil fédéral a pris acte de la décision.`)).toEqual([
      'Calonder',
    ]);
  });
});

describe('a name after the elided "d\'"', () => {
  it('reads the given name and surname after "d\'" as after "de"', () => {
    expect(names(`${PROSE} Le film retrace la vie d'Henri Dunant, fondateur de la Croix-Rouge.`)).toEqual([
      'Henri Dunant',
    ]);
    expect(names(`${PROSE} L'Opéra rend hommage à la mémoire d'Albert\nRoussel en créant un ballet.`)).toEqual([
      'Albert Roussel',
    ]);
  });

  it('reads no person in a place or a noun after "d\'"', () => {
    expect(names(`${PROSE} Le chancelier d'Autriche est en visite au Japon, dit le ministre d'Etat.`)).toEqual([]);
    expect(names(`${PROSE} Il a fait vingt ans de journalisme à la « Feuille d'Avis de Neuchâtel », dit-on.`)).toEqual(
      [],
    );
  });
});

describe('"une femme de" a place', () => {
  it('reads no person in the town after "une femme de"', () => {
    expect(names(`${PROSE} Une femme de Bonfol a été trouvée gelée sur la route qui conduit à ce village.`)).toEqual(
      [],
    );
  });

  it('still reads the husband after "la femme de"', () => {
    expect(names(`${PROSE} La femme de Jules Moser a été trouvée gelée sur la route.`)).toContain('Jules Moser');
  });
});

describe('French given names of the 20th century', () => {
  it('reads a person whose French given name is common but was not listed', () => {
    expect(names(`${PROSE} Un jeune public découvre Shakespeare grâce à Ariane Mnouchkine et à sa troupe.`)).toEqual([
      'Ariane Mnouchkine',
    ]);
    expect(names(`${PROSE} Le conseil a entendu Christophe Willem et Annette Beeker, de Davos.`)).toEqual([
      'Christophe Willem',
      'Annette Beeker',
    ]);
  });
});

describe('a French given name shortened with a full stop', () => {
  it('runs on into the surname: "M. Éd. Bourquin" is one person, not "Éd"', () => {
    expect(names(`${PROSE} M. Wavre maintient la candidature de M. Éd. Bourquin (rad.).`)).toEqual([
      'Wavre',
      'Éd. Bourquin',
    ]);
  });
});

describe('a word before the given name, and the surname on the next line', () => {
  it('joins the surname to the given name when a capitalised word no name stands before it', () => {
    expect(names(`${PROSE} L'ancien chancelier d'Etat Jean-Pierre\nPorchat s'est éteint hier après-midi.`)).toEqual([
      'Jean-Pierre Porchat',
    ]);
  });
});
