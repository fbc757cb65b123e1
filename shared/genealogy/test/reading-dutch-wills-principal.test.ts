import { describe, expect, it } from 'vitest';
import { readText } from './helpers/read-record';

/*
 * The principal of an 18th-century Dutch will or estate deed as handwriting recognition gives it (issue 28): the dead
 * man whose will the council read ("den overledenen vendrig Jan Luijke"), whatever the spelling of "overleden" and
 * of his rank, even when no given name of ours opens his name, and when his surname is also a given name elsewhere.
 */

const read = (text: string) => readText(text).peopleIdentified;
const subject = (text: string) => read(text).find((p) => p.role === 'primary_subject')?.name;

describe('the dead man whose will a Dutch deed reads', () => {
  it('is the principal after "overledenen", before the council named above him', () => {
    expect(
      subject(
        'Vergadering gehouden op woensdag present den Cap:n ter zee Pieter Hoogland den koopman Jan Dekker.\n' +
          'Gelezen zijnde een testament van den op de reise overledenen p„s vendrig Jan Luijke, voor den ' +
          'ondergetekende gepasseerd.',
      ),
    ).toBe('Jan Luijke');
    expect(
      subject(
        'Present den koopman Willem de Vries. Het testament van den overleedenen Capt„n Hendrik Bakker van Leiden ' +
          'is goedgekeurd.',
      ),
      // "van Leiden" after his whole name is where he comes from (reading-dutch-origins.test.ts).
    ).toBe('Hendrik Bakker');
  });

  it('is a person even when his given name is none we know', () => {
    expect(
      subject(
        'Geleezen zijnde de dispositie van den overleedene Boekhouder Tolkert vander Leij, voor den Scriba ' +
          'Egbert Arend Dewelde gepasseert.',
      ),
    ).toBe('Tolkert vander Leij');
  });

  it('keeps a surname that is also a given name', () => {
    expect(
      subject(
        'Het testament van den onlangs overleeden Lieutenant Militair den manhaften Fredrik Luther, den 4:e augustus ' +
          'gepasseert voor den Clercq Jan Muller.',
      ),
    ).toBe('Fredrik Luther');
  });
});

describe('a Dutch rank before a surname alone', () => {
  it('makes the surname a person, and the dead man the principal', () => {
    expect(
      subject(
        'Extract uit het Venduboek, waar bij blijkt dat voor Reek: des boedels van wijlende Corporaal Looth aan de ' +
          'meestbiedende is verkogt als volgt: Aan Dan Julander een hoedekas.',
      ),
    ).toBe('Looth');
    const names = read(
      'Betaald aan den Corporaal Meijer en aan den Sergeant Brouwer, ieder twee rijksdaalders, voor het maken van de kist.',
    ).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Meijer', 'Brouwer']));
  });

  it('does not make a given name cut from its surname a person', () => {
    const names = read('Executeurs den zergiant Johannes brouwer, en Chirurgijn Iacob W Pannesmit, beide alhier.').map(
      (p) => p.name,
    );
    expect(names).not.toContain('Iacob');
  });
});

describe("a Dutch deed's clerk after his name", () => {
  it('leaves "Clercq", "Clercquen" and their handwriting-recognition spellings out of the name', () => {
    const names = read(
      'Aldus gedaan ter presentie van David Jeremias Salomons Chrcqin als getuijgen, en Frans Pieter Raquerbre ' +
        'Clercquen, was geteekend Matthijs Jan Bosman Clercq.',
    ).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['David Jeremias Salomons', 'Frans Pieter Raquerbre', 'Matthijs Jan Bosman']),
    );
  });

  it('keeps Clerck, a surname', () => {
    const names = read('Compareerde voor mij Pieter Herstad Notaris, present Jan Lourens Clerck als getuijge.').map(
      (p) => p.name,
    );
    expect(names).toContain('Jan Lourens Clerck');
  });
});

describe("a clerk's abbreviated given name", () => {
  it('is a word of the name, and the name runs on across the line after it', () => {
    const names = read(
      'Voor den geswooren Clercq ter secretarije alhier Jan Hend=k\nMuller en zekere getuijgen, /was geteekend:/ ' +
        'Jacob Sam=s\nde Raaff Eerste Gesw: Clercq.',
    ).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Jan Hend=k Muller', 'Jacob Sam=s de Raaff']));
    const other = read(
      'Voor den geswooren Clercq ter secretarije alhier, ter presentie van Jacob Hend„k Raath en zekere getuijgen.',
    ).map((p) => p.name);
    expect(other).toContain('Jacob Hend„k Raath');
  });
});

describe('Dutch given names of the 17th and 18th centuries', () => {
  it('open a name, so the whole name is read', () => {
    expect(
      subject(
        'Vendutie gehouden den 18 October 1758 van de nagelaten goederen van den overleeden oppermeester Carel ' +
          'Fredrik Leipnits, als volgt verkogt.',
      ),
    ).toBe('Carel Fredrik Leipnits');
    const names = read(
      'ter presentie van Claas Pietersz Bosch en Rutgerus van Ess, als getuijgen, ende Coenraad Hoogland, Notaris.',
    ).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Claas Pietersz Bosch', 'Rutgerus van Ess', 'Coenraad Hoogland']));
    const more = read(
      "des selfs aanbehuwd zoon m:r Johannes martinus Sas, en den Corporaal van 't robben Eiland Diederik Wilhelm " +
        'smits, als getuijgen.',
    ).map((p) => p.name);
    expect(more).toEqual(expect.arrayContaining(['Johannes martinus Sas', 'Diederik Wilhelm smits']));
  });
});

describe('given names broken across a line', () => {
  it('are one person when the next line goes on with another given name and the surname', () => {
    const names = read(
      'Aldus gedaan ter presentie van Johannes\nLodewijk de Vries, en Barent Smit als getuijgen /was Geteekent/ Philip\n' +
        'Hendrik Lamberts, Notaris.',
    ).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Johannes Lodewijk de Vries', 'Philip Hendrik Lamberts']));
    expect(names).not.toContain('Hendrik Lamberts');
  });
});

describe('a lower-case middle given name', () => {
  it('goes on to the surname after it, lower-case or not, with its particle', () => {
    const names = read(
      'Legateere ik aan des testateurs schoonsoon Jan fredrik brouwer twee hondert rd:s, en aan den persoon van ' +
        "d' E: Joan marinus de Ionge, ondercoopman, en Ian hugo van der Putten elk een zilvere doos.",
    ).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['Jan fredrik brouwer', 'Joan marinus de Ionge', 'Ian hugo van der Putten']),
    );
  });
});

describe('a rank, an office or a formula after a Dutch name', () => {
  it('is no part of the name', () => {
    const names = read(
      'Compareerde voor mij Johan Georg Triek Lager, en Carel Pieter Cruijsbergen Capiteijn ter zee, ' +
        'en Johan Godfried kopman alhier, en Johanna Elisabeth Paulus vrije vrouw.',
    ).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Johan Georg Triek',
        'Carel Pieter Cruijsbergen',
        'Johan Godfried',
        'Johanna Elisabeth Paulus',
      ]),
    );
  });
});

describe('a given name in lower case before the surname', () => {
  it('opens the name, after a title too', () => {
    const names = read(
      'Ik legateere aan mijn suster anthonij de Jong en aan den Heer willem Diederik Pielat, ' +
        'ter presentie van matthijs Haagenberg als getuijge.',
    ).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['anthonij de Jong', 'willem Diederik Pielat', 'matthijs Haagenberg']),
    );
  });

  it('is no name when it is a Dutch word, and no name of its own after a given name', () => {
    const names = read(
      'Ik legateere aan de kinderen van mijn overleden broeder, dan Begiers is daar niet bij, en voorts aan ' +
        'Johannes\nfredrik Sieverts, koopman alhier, de somma van twee hondert rijksdaalders.',
    ).map((p) => p.name);
    expect(names.some((n) => /^dan /i.test(n))).toBe(false);
    expect(names).not.toContain('fredrik Sieverts');
  });
});

describe('a lower-case surname after a capitalised particle', () => {
  it('completes the given name before it', () => {
    expect(
      subject(
        'Compareerde voor mij Fredrik Willem hooghcamer notaris publijcq, ende voor de naer genoemde Getuijgen ' +
          'Mons: Daniel De swart, apper timmerman ten dienste der E: Compagnie.',
      ),
    ).toBe('Daniel De swart');
  });
});

describe('a slave a Dutch will names', () => {
  it('is a person by one name, with the land he came from', () => {
    const names = read(
      'Ik legateere aan mijn dogter Maria Beynon een Jongen genaemt Koridon van mallabaar, de slavinne Catjar, ' +
        'en de meijd Lea, met haar kindt.',
    ).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Koridon van mallabaar', 'Catjar', 'Lea']));
  });
});

describe('the signature the notary attests', () => {
  it("is the testator's, though others are named before it", () => {
    expect(
      subject(
        'tot executeurs aan te stellen de schoonsoon van den testateur Jan fredrik brouwer. Aldus gedaan ter ' +
          'presentie van Pieter Dormieux en Lambert van Klinkenberg Clercquen als getuijgen hier toe versogt ' +
          '/:was getekent /: Jan van El /:lager:/ in kennisse van mij /:getekent:/ J: B: van Coeverden eerste Clerq',
      ),
    ).toBe('Jan van El');
  });
});

describe('a title before given names at a line end', () => {
  it('does not keep the surname on the next line from joining them', () => {
    const names = read(
      'Ik stelle tot executeur in mijn plaats aan de Heer Willem\nSchol, benevens den Wever Andries\nSteurman, ' +
        'en verklaare dat Johan\nOverleeden is.',
    ).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Willem Schol', 'Andries Steurman']));
    expect(names).not.toContain('Johan Overleeden');
  });
});

describe('Dutch words that are given names elsewhere', () => {
  it('open no name at the head of a Dutch sentence', () => {
    const names = read(
      'Tot erfgenaamen stelt de testateur zijne broeders. Dan Zijne drie vleeschelijke Zusters in naame, elk ' +
        'twee hondert rd:s, en Juffrouw\nAgatha Amberg huijsvrouw van den Commandeur.',
    ).map((p) => p.name);
    expect(names.some((n) => n.startsWith('Dan '))).toBe(false);
    expect(names).toContain('Agatha Amberg');
  });
});

describe('a given name misread by one letter', () => {
  it('stays at the head of a Dutch name', () => {
    const names = read(
      'Het testament is voorgeleezen en bij hem wel verstaan zijnde, aldus gedaan ter presentie van de getuijgen, ' +
        'en daar onderstond:/ Pierer Frans Fmieheijm, die op den 1:e deeser na Sourabaija als ziek is vertrokken.',
    ).map((p) => p.name);
    expect(names).toContain('Pierer Frans Fmieheijm');
    expect(names).not.toContain('Frans Fmieheijm');
  });
});
