import { describe, expect, it } from 'vitest';
import { namesIn as names } from './helpers/read-record';

/*
 * French newspaper prose (issue 28), shapes of lines and datelines that a first reading of the larger French
 * train set (hipe2020-fr-train) found, written here in sentences of our own. False persons: a dateline's town
 * after a stray "M.", a short passage ending on a dateline read as a directory entry, a town after "de" at a line end taken for an inverted
 * "Surname, Given".
 */
const PROSE = 'Le conseil a décidé que la séance serait levée et que les députés se réuniraient demain dans la salle.';

describe('a dateline after a stray "M."', () => {
  it('reads no person in the town of a dateline "GENÈVE, 18. —"', () => {
    expect(
      names(
        `${PROSE} Le Paraguay expose les faits à la S. d. _M.\nGENÈVE, 18. — Dans une communication, le ministre proteste.`,
      ),
    ).toEqual([]);
  });
});

describe('a short passage that opens with an article and ends on a dateline', () => {
  it('is no directory entry: "Les délégués …, PRAGUE, 8." names no "Les", and the people in it stay', () => {
    expect(
      names(
        "Les délégués du parti\nrompent les négociations\navec le gouvernement de Prague\nA la suite d'un incident\nLes pourparlers reprendront quand le cabinet\naura pris des sanctions\n& Nuremberg, le chancelier Hitler\na conféré avec M. Conrad Henlein\n(Suite de la première page)\nPRAGUE, 8.",
      ),
    ).toEqual(['Hitler', 'Conrad Henlein']);
  });
});

describe('a town after "de" at a line end', () => {
  it('does not take "Town, Given Surname" on the next line for an inverted name', () => {
    expect(
      names(
        `${PROSE} Jean Liniger, conseiller communal de\nNeuchatel, Jean Mori, secrétaire de l'Union syndicale suisse.`,
      ),
    ).toEqual(['Jean Liniger', 'Jean Mori']);
  });
});
