// Scores one record's reading against its gold, and adds records up per source.
import type { DocumentEntities } from '@gnology/contracts';
import type { GoldRecord } from './convert/record';
import {
  countMatches,
  distinct,
  nameInsideMention,
  sameDateText,
  sameName,
  sameOccupation,
  samePersonSpelledApart,
  samePlace,
} from './match';

/** Roles that state a family relation: PersonRole values and the record roles that imply one. */
const KIN_ROLES = new Set(['parent', 'child', 'spouse', 'sibling', 'grandparent', 'grandchild', 'other_relative']);
/**
 * The kinship proper among them. The contract has no neutral role, so a witness, juror or officiant
 * is `other_relative`, which the index never turns into a relative: a wrong parent, child, spouse or
 * sibling is the error that spreads, and is counted apart.
 */
const FAMILY_ROLES = new Set(['parent', 'child', 'spouse', 'sibling', 'grandparent', 'grandchild']);
// biome-ignore format: a word list reads better packed
const KIN_RECORD_ROLES = new Set([
  'father', 'mother', 'husband', 'wife', 'son', 'daughter', 'father_of_groom', 'mother_of_groom',
  'father_of_bride', 'mother_of_bride', 'next_of_kin',
]);

/** A day written in words (en/fr/de/nl/es/la ordinals and cardinals 1–31, as whole words). */
const DAY_WORDS =
  /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth|one|two|three|four|five|six|sixe|seven|eight|nine|ten|eleven|twelve|twenty|thirty|premier|deux|trois|quatre|cinq|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|vingt|trente|ersten|zweiten|dritten|vierten|funften|sechsten|siebenten|siebten|achten|neunten|zehnten|elften|zwolften|zwanzigsten|dreissigsten|eersten|tweeden|derden|vierden|vijfden|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|veinte|treinta|primo|secundo|tertio|quarto|quinto|sexto|septimo|octavo|nono|decimo|vigesimo|trigesimo)\b/;

export interface RecordScore {
  people: { predicted: number; gold: number; hits: number };
  /** Diagnostic only: gold people found strictly, or with a 2+-word predicted name inside the gold mention. */
  peopleInsideMention: number;
  /**
   * Diagnostic only: predictions that match a gold person strictly, or run (2+ words) inside a gold mention that
   * carries more than the name ("Joseph Decovi" in "Joseph Decovi, an Italian minor"): no person invented.
   */
  predictedInsideMention: number;
  /** Gold people no prediction matched, and predictions that matched no gold person (dev misses only). */
  missedPeople: string[];
  extraPeople: string[];
  main?: { right: boolean; predicted?: string };
  places?: { predicted: number; gold: number; hits: number };
  dates?: { predicted: number; gold: number; hits: number };
  dayInWords: { gold: number; normalizedGold: number; right: number };
  /** `firm`: the gold entry names a firm ("Borger et Cie"), which the reader names as no person on purpose. */
  occupation?: { attached: boolean; listed: boolean; firm: boolean };
  kinPredicted: number;
  /** People given a parent, child, spouse or sibling role or a kin record role. */
  familyPredicted: number;
  relations?: { predicted: number; right: number };
}

/** A directory's firm: partners joined by "et" or "&", "Cie", "co.", "frères". */
const FIRM_NAME = /\bet\b|\bCie\b|\bco\.|\bfr[èe]res\b|&/iu;
const dateKey = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function scoreRecord(gold: GoldRecord, read: DocumentEntities): RecordScore {
  const predictedNames = distinct(
    read.peopleIdentified.map((p) => p.name),
    (a, b) => sameName(a, b),
  );
  const goldNames = distinct(
    gold.people.map((p) => p.name),
    (a, b) => sameName(a, b),
  );
  const hits = countMatches(predictedNames, goldNames, sameName);
  const score: RecordScore = {
    people: { predicted: predictedNames.length, gold: goldNames.length, hits },
    peopleInsideMention: goldNames.filter((g) => predictedNames.some((p) => sameName(p, g) || nameInsideMention(p, g)))
      .length,
    predictedInsideMention: predictedNames.filter((p) =>
      goldNames.some((g) => sameName(p, g) || nameInsideMention(p, g)),
    ).length,
    missedPeople: goldNames.filter((g) => !predictedNames.some((p) => sameName(p, g))),
    extraPeople: predictedNames.filter((p) => !goldNames.some((g) => sameName(p, g))),
    dayInWords: { gold: 0, normalizedGold: 0, right: 0 },
    kinPredicted: 0,
    familyPredicted: 0,
  };

  if (gold.main !== undefined) {
    const predicted = read.peopleIdentified.find((p) => p.role === 'primary_subject')?.name;
    score.main = { right: predicted !== undefined && samePersonSpelledApart(predicted, gold.main), predicted };
  }
  if (gold.places) {
    const predicted = distinct(
      read.geographicalInfo.map((g) => g.name),
      samePlace,
    );
    const goldPlaces = distinct(gold.places, samePlace);
    score.places = {
      predicted: predicted.length,
      gold: goldPlaces.length,
      hits: countMatches(predicted, goldPlaces, samePlace),
    };
  }
  if (gold.dates) {
    const sameDate = (p: DocumentEntities['dateInfo'][number], g: NonNullable<GoldRecord['dates']>[number]) =>
      sameDateText(p.original, g.text) || (g.normalized !== undefined && p.normalized === g.normalized);
    score.dates = {
      predicted: read.dateInfo.length,
      gold: gold.dates.length,
      hits: countMatches(read.dateInfo, gold.dates, sameDate),
    };
    for (const g of gold.dates) {
      if (!DAY_WORDS.test(dateKey(g.text))) continue;
      score.dayInWords.gold++;
      if (!g.normalized || !/^\d{4}-\d{2}-\d{2}$/.test(g.normalized)) continue;
      score.dayInWords.normalizedGold++;
      if (read.dateInfo.some((d) => d.normalized === g.normalized)) score.dayInWords.right++;
    }
  }
  if (gold.kind === 'directory' && gold.people[0]?.occupation) {
    const person = gold.people[0];
    const found = read.peopleIdentified.find((p) => sameName(p.name, person.name));
    const occupation = person.occupation!;
    const details = (read.personDetails ?? []) as { name: string; occupation?: string }[];
    const attached =
      found !== undefined &&
      details.some((d) => sameName(d.name, person.name) && d.occupation && sameOccupation(d.occupation, occupation));
    const listed = found !== undefined && read.occupations.some((o) => sameOccupation(o, occupation));
    score.occupation = { attached, listed, firm: FIRM_NAME.test(person.name) };
  }

  const kin = new Set<string>();
  // `other_relative` is also the role list's "anyone else": no relation is claimed for a person the reading
  // marks as only named (`namedOnly`) or gives a part that is no kinship (witness, officiant, juror's foreman…).
  const noKinship = new Set(
    (read.personDetails ?? [])
      .filter((d) => d.namedOnly || (d.recordRole && !KIN_RECORD_ROLES.has(d.recordRole)))
      .map((d) => d.name),
  );
  for (const p of read.peopleIdentified)
    if (KIN_ROLES.has(p.role) && !(p.role === 'other_relative' && noKinship.has(p.name))) kin.add(p.name);
  for (const d of read.personDetails ?? []) if (d.recordRole && KIN_RECORD_ROLES.has(d.recordRole)) kin.add(d.name);
  score.kinPredicted = kin.size;
  const family = new Set(read.peopleIdentified.filter((p) => FAMILY_ROLES.has(p.role)).map((p) => p.name));
  for (const d of read.personDetails ?? []) if (d.recordRole && KIN_RECORD_ROLES.has(d.recordRole)) family.add(d.name);
  score.familyPredicted = family.size;
  if (gold.relations?.length) {
    // The gold writes a relative by given name alone where the record does ("Rt. Hayward & Ann his wife": "Ann",
    // wife of "Rt. Hayward"); the reading gives her the family's surname, which is the same person.
    const withSurname = (r: { person: string; of: string }) =>
      r.person.trim().includes(' ') ? r.person : `${r.person} ${r.of.trim().split(/\s+/).at(-1)}`;
    const right = [...kin].filter((name) =>
      gold.relations!.some((r) => sameName(name, r.person) || sameName(name, withSurname(r)) || sameName(name, r.of)),
    ).length;
    score.relations = { predicted: kin.size, right };
  }
  return score;
}
