import { beforeAll, describe, expect, it } from 'vitest';
import { languageOf } from '../src/extraction/language';
import { readRecord } from './helpers/read-record';

/* Newspaper prose in English, French and German (issue 28): people named as the papers name them, and nothing else. */

const read = (text: string) => readRecord({ text, isImage: false });
const names = (text: string) => read(text).peopleIdentified.map((p) => p.name);

beforeAll(() => void read('Paris'), 120_000);

describe('the language of a text', () => {
  it('is told by its small words', () => {
    expect(languageOf('Le conseil a siégé hier et la séance fut levée à midi par le président.')).toBe('fr');
    expect(languageOf('Die Versammlung wurde gestern eröffnet und der Antrag ist nicht angenommen worden.')).toBe('de');
    expect(languageOf('The council met yesterday and the motion was carried by a large majority.')).toBe('en');
  });
});

describe('titles before a surname', () => {
  it('reads French "M." as Monsieur: the surname alone is the person', () => {
    const found = names('Le conseil a entendu hier M. Bourquin, qui a défendu le projet avec une grande vigueur.');
    expect(found).toEqual(['Bourquin']);
  });

  it('reads "Herr" and "Herrn" before a German surname', () => {
    const found = names(
      'In der gestrigen Sitzung sprach Herr Wälchli gegen den Antrag, den Herrn Gubler gestellt hatte.',
    );
    expect(found).toEqual(expect.arrayContaining(['Wälchli', 'Gubler']));
  });
});

describe('German nouns are not names', () => {
  it('takes no capitalised noun after an article for a person', () => {
    const found = names(
      'Man trage im Winter die Mütze und nicht den Hut, sagte der Arzt, und die Annahme fand Beifall.',
    );
    expect(found).toEqual([]);
  });

  it('ends a name before an office or an abstract noun glued to it', () => {
    const found = names('Zum Schluss dankte Hr. Konzertmeister Anton Bürgi der Gemeinde für die Unterstützung.');
    expect(found).toEqual(['Anton Bürgi']);
  });

  it('joins a name broken by the soft hyphen of a line end', () => {
    const found = names('Der Vortrag von Heinrich Baum¬\ngartner wurde mit Beifall aufgenommen.');
    expect(found).toEqual(['Heinrich Baumgartner']);
  });
});

describe('headings and openers', () => {
  it('does not glue a sentence opener to a name', () => {
    const found = names(
      'Après Jules Perrenoud, le conseil a entendu encore quelques orateurs sur la question des routes.',
    );
    expect(found).toEqual(['Jules Perrenoud']);
  });

  it('does not take a heading word for a relationship cue', () => {
    const text =
      "County Farmer's Son Wins Award\nOutstanding Dairy Project\nThe county agent said the prize was well earned.";
    expect(names(text)).toEqual([]);
  });
});

describe('offices and lists of surnames', () => {
  it('reads a surname after a German office, the rank kept off the name', () => {
    const found = names(
      'Im Reichstag erwiderte Abg . Hollweger ( Ctr . ) dem Staatssekretär, und Fürst Wendorff stimmte zu.',
    );
    expect(found).toEqual(expect.arrayContaining(['Hollweger', 'Wendorff']));
    expect(found.some((n) => /Fürst|Abg/.test(n))).toBe(false);
  });

  it('reads every surname of a list after a plural title', () => {
    const found = names(
      'La commission se compose de MM. Bourquin, Jaquet et Vuilleumier, qui rapporteront au conseil.',
    );
    expect(found).toEqual(['Bourquin', 'Jaquet', 'Vuilleumier']);
    const de = names('Der Ausschuss besteht aus den Herren Kessler, Wyss und Brunner, die heute gewählt wurden.');
    expect(de).toEqual(['Kessler', 'Wyss', 'Brunner']);
  });

  it('reads a French office in lower case before a surname', () => {
    expect(names('Le combat fut rude, et le général Morlot dut se retirer vers la rivière avant la nuit.')).toEqual([
      'Morlot',
    ]);
  });

  it('ends a name before the town the man is from', () => {
    const found = names('Der frühere Kassier einer Bank, Anton Gisler von Altdorf, wurde gestern verhaftet.');
    expect(found).toEqual(['Anton Gisler']);
  });
});

describe('firms are not people', () => {
  it('takes no firm named for its owner for a person, in any of the languages', () => {
    expect(names('Goods of every kind at Wm. Tanner & Co., opposite the court house.')).toEqual([]);
    expect(names('Die Firma Gebrüder Wyss & Söhne hat ihre Zahlungen eingestellt.')).toEqual([]);
    expect(names('La maison Favre et Cie a suspendu ses paiements depuis hier.')).toEqual([]);
  });

  it('does not read a company for a county', () => {
    const e = read('Apply to Morton & Sons Hardware Co. for terms.');
    expect(e.geographicalInfo).toEqual([]);
  });
});

describe('titles of works and doctors', () => {
  it('takes a name alone in quotation marks for a title, not a person', () => {
    expect(names('Das Orchester spielte die Ouvertüre zum „Wilhelm Tell" und danach einen Marsch.')).toEqual([]);
  });

  it('does not read the next man’s "Dr." as a census column', () => {
    const found = names('Die Erlaubnis gab der Bischof der Trierer Diözese, Dr. Kellermann, am Montag.');
    expect(found).toEqual(['Kellermann']);
  });
});

describe('names as the paper writes them', () => {
  it('gives a bride no surname of the groom’s that the text does not write', () => {
    const found = names(
      'Mr. and Mrs. Tally H. Eddings announce the approaching marriage of their daughter, Brenda Ray, to Ensign Robert Emil Currie.',
    );
    expect(found).toContain('Robert Emil Currie');
    expect(found).not.toContain('Brenda Currie');
  });

  it('reads "the marriage of their daughter, X, to Y": she is the bride, he the groom, her parents are no one’s spouse', () => {
    const e = read(
      'Mr. and Mrs. Tally H. Eddings announce the approaching marriage of their daughter, Brenda Ray, to Ensign Robert Emil Currie.',
    );
    const roleOf = (name: string) => e.personDetails?.find((d) => d.name === name)?.recordRole;
    expect(roleOf('Robert Emil Currie')).toBe('groom');
    expect(roleOf('Brenda Ray')).toBe('bride');
    expect(e.peopleIdentified.find((p) => p.name === 'Tally H. Eddings')?.role).not.toBe('spouse');
  });

  it('ties "their daughter" to no one when nobody is named before her', () => {
    const e = read(
      'The marriage of their daughter, Brenda Ray, to Robert Emil Currie, son of Mr. and Mrs. Erskin Empson, will take place at the Baptist Church.',
    );
    const brenda = e.peopleIdentified.find((p) => p.name === 'Brenda Ray');
    expect(brenda?.role).not.toBe('child');
    expect(e.peopleIdentified.find((p) => p.name === 'Robert Emil Currie')?.role).not.toBe('parent');
  });

  it('leaves the possessive off a surname after a title', () => {
    expect(names('Parents trust the character of Mr. Bigelow’s school and of Mr. Read’s teaching.')).toEqual(
      expect.arrayContaining(['Bigelow', 'Read']),
    );
  });
});
