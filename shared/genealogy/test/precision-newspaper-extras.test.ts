import { describe, expect, it } from 'vitest';
import { languageOf } from '../src/extraction/language';
import { namesIn as names } from './helpers/read-record';

/*
 * Newspaper prose (issue 28), what a second look at the papers found. False persons: German nouns that
 * follow an office word as nouns do, a country in brackets read as a given name, a preposition with its
 * article taken for a noble particle, pieces of words the OCR glued or broke, English clubs and bodies
 * of citizens, a company's "S. A.", Our Lady's shrine. People missed: a double name broken by the
 * hyphen, competitors of a results list, "Bauer" as a surname, a list of noblemen, an office broken over
 * the line. And the language guess that the German rules depend on.
 */

describe('German nouns after an office word', () => {
  it('reads no person in an inflected noun after "des Herrn" or "des Obersten"', () => {
    expect(
      names(
        'Der Antrag ist gegen die Absicht des Herrn Antragstellers sehr geeignet, das alte System wieder zu begründen.',
      ),
    ).toEqual([]);
    expect(
      names(
        'Die Betreuung mit dem Präsidentenamt geschah, um durch die Berufung des Obersten Richters auf den Stuhl einen Anstrich zu geben.',
      ),
    ).toEqual([]);
  });

  it('reads no person in a participle noun, a plural noun or a noun in -nahme after an office word', () => {
    expect(
      names(
        'Zwei Tage später wurden die Kompagnien von dem Kriegsrathe, der aus den Herren Beamteten besteht, gemustert.',
      ),
    ).toEqual([]);
    expect(
      names(
        'Das Kommando wird nach dem Beschluß der Minister Elemente eines Land- und eines Seekommandos einbegreifen.',
      ),
    ).toEqual([]);
    expect(
      names(
        'Weiter empfing der König am Donnerstag den neuen ungarischen Gesandten zur Entgegennahme ihrer Beglaubigungsschreiben.',
      ),
    ).toEqual([]);
  });

  it('reads no person in a country after an office word, and keeps the man named after it', () => {
    const found = names(
      'Von dem Gesandten Oesterreichs, Hrn. Kaisersfeld, ist bei dem Vororte eine neue Note eingelangt.',
    );
    expect(found).not.toContain('Oesterreichs');
    expect(found).toContain('Kaisersfeld');
  });

  it('still reads a surname after "des Herrn" and a rank', () => {
    expect(
      names('Die Rede des Herrn Servais wurde mit Beifall aufgenommen, und die Sitzung ist geschlossen.'),
    ).toContain('Servais');
  });
});

describe('"zur" and "zum" open no name', () => {
  it('reads the surname after "Kapitän zur See" alone', () => {
    const found = names(
      'Botschafter von Hassell hat sich in Begleitung des Marineattachés, Kapitän zur See Lange, an Bord des Schiffes begeben.',
    );
    expect(found).toContain('Lange');
    expect(found.some((n) => /zur/.test(n))).toBe(false);
  });
});

describe('a double name broken by the hyphen', () => {
  it('joins "Wiedebach⸗ Nostiz" into one surname', () => {
    const found = names(
      'Zum Nachfolger des Herrn v. Seydewitz als Landeshauptmann der Oberlausitz ist von dem Landtag Herr v. Wiedebach⸗ Nostiz gewählt worden, und die Wahl wird bestätigt.',
    );
    expect(found.some((n) => /Wiedebach-Nostiz/.test(n))).toBe(true);
    expect(found).not.toContain('v. Wiedebach');
  });

  it('joins "Schönburg⸗ Hartenstein" after a rank', () => {
    const found = names(
      'Morgen wird der Kaiser ein Diner geben, zu welchem außer den Ministern auch Fürst Schönburg⸗ Hartenstein und der Botschafter geladen sind.',
    );
    expect(found).toContain('Schönburg-Hartenstein');
  });
});

describe('a country in brackets after a competitor', () => {
  it('reads no given name in "(Schweiz)" or "(Schw.)" of a results list', () => {
    const found = names(
      '49, Meier (Schweiz),\nalle gleiche Zeit: 50. Knutti (Schw.) 4110220: 51. Bettini\n(Frankr.) 4114140; 52. Ott (Schwe.), 53. Cuénod (Schw.).\n54. Kern (Schw.), alle gleiche Zeit.',
    );
    expect(found.some((n) => /Schw|Frankr/.test(n))).toBe(false);
  });

  it('still reads a directory entry with the given name in brackets', () => {
    expect(names('Dupont (Jean), tailleur, r. de Chartres, 12.')).toEqual(['Jean Dupont']);
  });
});

describe('a piece of a word the OCR glued or broke', () => {
  it('reads no person in a given name glued to its surname or a capitalised word cut inside', () => {
    expect(
      names("Ce n'est pas la grande artiste que l'on a devant les yeux mais celle qui porte l'enfant de JeanRoule."),
    ).not.toContain('Jean');
    expect(
      names('The owner is desired to come prove property, pay charges, and take him away. ANDREW ROUNSAVEbt, jailor.'),
    ).toEqual([]);
  });

  it('keeps a whole name glued to the next sentence', () => {
    expect(names("Un film avec Emil JanningsUn nouveau film de l'interprète de Variété.")).toContain('Emil Jannings');
  });
});

describe('English bodies and groups named like people', () => {
  it('reads no person in a club or a body of citizens', () => {
    expect(
      names('MAY BUILD CLUB HOUSE\nThe Chamber of Commerce considers the advisability of erecting a building.'),
    ).toEqual([]);
    expect(
      names(
        'This happened in the court on Saturday morning and Elizabeth Citizens have not yet become accustomed to it.',
      ),
    ).toEqual([]);
  });
});

describe('German words that open no name', () => {
  it('reads no person in a castle "Zu" a place, whatever its case', () => {
    const found = names(
      'Dann empfingen der König und die Königin-Mutter im Schlosse Zu Laeken eine Abordnung der Universität, die ihnen den Titel überbrachte.',
    );
    expect(found.some((n) => /Laeken/.test(n))).toBe(false);
  });

  it('reads the capitalised article "Der" after an author\'s initials as the sentence\'s article', () => {
    const found = names(
      'E. K. Der Churer Seminardirektor Martin Schmid hat dieses Thema in erfrischender Art aufgenommen und er schlägt den Roman auf.',
    );
    expect(found).toEqual(['Martin Schmid']);
  });

  it('reads no person in a company "S. A." in German or French', () => {
    expect(
      names(
        'Der Zins ist bereits am 1. September bezahlt worden. S. A. Frera, Mailand. Diese 1905 gegründete Fabrik ist in Zahlungsschwierigkeiten geraten.',
      ),
    ).toEqual([]);
  });

  it('takes no title from the end of a word broken over the line before a quotation mark', () => {
    expect(
      names(
        'Wir sind nicht gesonnen, uns auf den Boden des stren¬\n„gen Rechtes zu stellen, und wir erklären uns vielmehr bereit.',
      ),
    ).toEqual([]);
  });
});

describe('a results list', () => {
  it('reads a ranked name with a country in brackets as a competitor', () => {
    const found = names(
      'Die Rangliste der Etappe: 10. Edgar Buchwalder (Schweiz) 315046, 11. Romanatti (Italien), gleiche Zeit; 12. Storme (Bel¬\ngien) 3152233; 13. Ott (Schw.), alle gleiche Zeit; 14. Bettini\n(Frankr.) 4114140.',
    );
    expect(found).toEqual(expect.arrayContaining(['Edgar Buchwalder', 'Romanatti', 'Storme', 'Ott', 'Bettini']));
  });

  it('reads no town with its country in brackets as one', () => {
    expect(
      names('Die Etappen der Rundfahrt führen am 12. Wien (Österreich) und am 14. Paris (Frankreich) vorbei.'),
    ).toEqual([]);
  });

  it("reads a sports page's country code in brackets, and no canton's", () => {
    const found = names(
      'Contre la montre : 1. Olano (Esp) 47\'07 " (moy. 50,301 km / h). 2. Mauri (Esp) à 41 ". 3. Peschel (All) à 1\'03 ". 6. Armstrong (USA) à 1\'32 ".',
    );
    expect(found).toEqual(expect.arrayContaining(['Olano', 'Mauri', 'Peschel', 'Armstrong']));
    expect(names('Les sections classées sont les suivantes : 1. Bienne (BE), 2. Sion (VS) et 3. Aarau (AG).')).toEqual(
      [],
    );
  });
});

describe('a German record word that is a surname', () => {
  it('reads "Bauer" after a given name as the surname, and alone after a comma as the farmer', () => {
    expect(
      names('Auch der Republikaner Edgar Bauer ist arg zugerichtet worden, und die Stadt ist in Aufregung geraten.'),
    ).toEqual(['Edgar Bauer']);
    expect(
      names('Es erschien vor dem Amt der Johann Stein, Bauer in dem Dorfe, und zeigte die Geburt an.'),
    ).not.toContain('Johann Stein Bauer');
  });
});

describe('Our Lady', () => {
  it('reads no person in "Unserer Lieben Frau von" a shrine', () => {
    expect(
      names(
        'Am 31. Juli begibt sich der König nach Mecheln, wo er an den Festlichkeiten von Unserer Lieben Frau von Hanswijck teilnehmen wird.',
      ),
    ).toEqual([]);
  });
});

describe('a list of noblemen', () => {
  it('reads each "von" of a ministry\'s signatures after the first titled one', () => {
    const found = names(
      'Gegeben Potsdam, den 5. Dezember. Das Staats-Ministerium. Graf von Brandenburg, von Ladenberg, von Manteuffel und von der Heydt.',
    );
    expect(found).toEqual(
      expect.arrayContaining(['von Brandenburg', 'von Ladenberg', 'von Manteuffel', 'von der Heydt']),
    );
  });

  it('reads no place after "von" in a list that no title opens', () => {
    expect(names('Die Züge kamen an von Potsdam, von Spandau und von der Stadt, und sie fuhren weiter.')).toEqual([]);
  });
});

describe('the language guess', () => {
  it('counts no "in", which German and Dutch write too, for English', () => {
    expect(
      languageOf(
        'Meier selber war weder Zahnarzt noch Doktor, nichts mehr nichts weniger denn ein Vagant, der seit 1904 nacheinander in Verona, in Tettnang, in Mogelsberg, in der Villa, in Berneck, in Thielle seinen Wohnsitz hatte.',
      ),
    ).toBe('de');
  });

  it('reads the long s of Fraktur as s ("iſt", "ſich")', () => {
    expect(
      languageOf(
        'Zum Nachfolger iſt Herr Wiedebach gewählt worden , ſo daß er ſich nun dort niederläßt . Es iſt ſchon ſpät .',
      ),
    ).toBe('de');
  });
});

describe('an office broken over the line', () => {
  it('reads the surname after "gou- verneur" as after "gouverneur"', () => {
    expect(
      names(
        "Il sera élevé une statue de marbre au gou- verneur Wellesley, en mémoire de l'admiration des habitans de Calcutta.",
      ),
    ).toEqual(['Wellesley']);
  });
});
