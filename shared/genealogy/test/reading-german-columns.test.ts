import { beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';

/*
 * Issue 28: German newspaper columns (found on HIPE-2020's German train file, read as a dev set): a
 * Dutch kinship word that is German for "not", regnal numbers, abbreviated given names and offices.
 */

const read = (text: string) => readRecord({ text, isImage: false }).peopleIdentified;
const names = (text: string) => read(text).map((p) => p.name);

describe('issue 28: names in German newspaper columns', () => {
  beforeAll(() => void names('Thomas Whitfield of Raleigh.'), 120_000);

  it('"nicht dieser Welt": German "nicht" (not) is no niece, and the noun after it no one', () => {
    const text =
      'Die Gesellschaft Jesu ist in der Schweiz nicht beliebt. Ihrem Vorgeben nach gehört ihr Reich nicht dieser Welt an, in der That aber agitiren sie sehr thätig für ihre politischen Zwecke, und die Regierung hat das nicht verhindert, weil sie es nicht konnte.';
    expect(names(text)).not.toContain('Welt');
  });

  it('Dutch "nicht" still names a niece in a Dutch deed', () => {
    const found = read(
      'Compareerde voor mij Notaris Jan Pietersz, wonende tot Amsterdam, ende heeft verklaard dat zijn nicht Grietje Jans van hem een legaat van hondert gulden heeft ontfangen, welke hij haar bij deze schenkt.',
    );
    expect(found.find((p) => p.name === 'Grietje Jans')?.role).toBe('other_relative');
  });

  it('"König Georg VI.": a regnal number keeps its capitals', () => {
    const text =
      'London, 5. Mai. König Georg VI. empfing am Donnerstag im Buckinghampalast den neuen deutschen Botschafter, der ihm sein Beglaubigungsschreiben überreichte, und sprach mit ihm über die Lage.';
    expect(names(text)).toContain('Georg VI');
    expect(names(text)).not.toContain('Georg Vi');
  });

  it('"Hr. Ch. Metz", "des Hrn. Prok. Andre": an abbreviated given name runs on into the surname; an abbreviated office is no one', () => {
    const found = names(
      'Die Herren Richard und Hardt sprechen für die Annahme dieser Bestimmungen, die beiden Brüder aber dagegen. Hr. Ch. Metz stimmt dem Antrag bei. Ein Antrag des Hrn. Prok. Andre wird mit 41 Stimmen gegen 24 verworfen, und die Kammer geht zur Tagesordnung über.',
    );
    expect(found).toContain('Ch. Metz');
    expect(found).not.toContain('Ch');
    expect(found).not.toContain('Prok');
  });

  it('"John Smith, Ph. D.": a degree is no given name', () => {
    expect(
      names('The address was given by John Smith, Ph. D., of the university, to the members of the society.'),
    ).toEqual(['John Smith']);
  });
});
