import type { PersonDetail, PersonRole, PersonSex, RecordRole } from '@gnology/contracts';
import { foldText } from '@gnology/contracts';
import { eventsOf, primaryDate, type RecordReading, type StatedFacts } from './mention-events';
import { censusRow, proseNear, unwrap } from './mention-text';
import type { DocumentFacts, MentionEvent } from './mention-types';
import { canonicalGiven, type ParsedName, parseName, surnameKeys } from './names';
import { sexOfGivenName } from './sex';

export type { DocumentFacts, MentionEvent } from './mention-types';

/** A person named in one document, with what that document says of them (decision 0185). */
export interface MentionDraft {
  ordinal: number;
  /** Stable across re-extraction: the folded name and role; the user's pins are keyed by it. */
  key: string;
  nameAsWritten: string;
  given: string[];
  surnameKeys: string[];
  sex: PersonSex;
  role: PersonRole;
  recordRole: RecordRole | null;
  date: string | null;
  year: number | null;
  place: string | null;
  country: string | null;
  page: number | null;
  birthYear: number | null;
  birthEstimated: boolean;
  events: MentionEvent[];
}

export { dateOfEvent } from './mention-events';

const MALE_ROLES = new Set<RecordRole>(['groom', 'father_of_groom', 'father_of_bride', 'father', 'husband', 'son']);
const FEMALE_ROLES = new Set<RecordRole>(['bride', 'mother_of_groom', 'mother_of_bride', 'mother', 'wife', 'daughter']);
const SUBJECT_ROLES = new Set<RecordRole>(['deceased', 'groom', 'bride', 'head', 'testator']);

/**
 * The people of one document, each with the events the record gives them (mention-events.ts).
 * Names without a surname are left out: "our boy Thomas" could be any Thomas, and a missed
 * mention costs less than a wrong individual.
 */
export function mentionsOfDocument(doc: DocumentFacts): MentionDraft[] {
  const details = new Map(doc.details.map((d) => [foldText(d.name), d as PersonDetail & StatedFacts]));
  const sorted = [...doc.dates].sort((a, b) => a.normalized.localeCompare(b.normalized));
  const census = doc.documentType === 'census';
  const prose = census ? doc.text : unwrap(doc.text);
  const recordDate = primaryDate(doc, prose, sorted);
  const facts = [...details.values()];
  const reading: RecordReading = {
    doc,
    prose,
    sorted,
    recordDate,
    stated: {
      born: facts.some((d) => d.born),
      baptized: facts.some((d) => d.baptized),
      died: facts.some((d) => d.died),
      age: facts.some((d) => d.age !== undefined),
    },
  };
  const place = doc.places.find((p) => p.kind === 'town') ?? doc.places[0] ?? null;
  const country = doc.places.find((p) => p.countryCode)?.countryCode ?? null;
  const out: MentionDraft[] = [];
  const seen = new Set<string>();
  const fathersKeys = fatherSurname(doc, details);
  doc.people.forEach((tag, ordinal) => {
    const parsed = parseName(tag.name);
    // "our boy Thomas": a child the record names by a given name alone bears the father's surname;
    // grouping lets such a name join only the group already that father's child (grouping.ts).
    const lone = parsed.surname === '' && parsed.given.length === 1 && tag.role === 'child';
    const keys = lone ? fathersKeys : surnameKeys(parsed);
    if (keys.length === 0 || parsed.given.length === 0) return;
    const key = `${foldText(tag.name).replace(/\s+/g, ' ')}|${tag.role}`;
    if (seen.has(key)) return;
    seen.add(key);
    const detail = details.get(foldText(tag.name));
    const recordRole = detail?.recordRole ?? null;
    const others = doc.people.filter((p) => p.name !== tag.name).map((p) => p.name);
    const subject = tag.role === 'primary_subject' || (recordRole !== null && SUBJECT_ROLES.has(recordRole));
    const near =
      (census ? censusRow(doc.text, tag.name, recordRole) : null) ?? proseNear(prose, tag.name, subject ? [] : others);
    const maiden = parsed.maiden ?? maidenNear(near);
    const named: ParsedName = { ...parsed, maiden };
    const mention: MentionDraft = {
      ordinal,
      key,
      nameAsWritten: tag.name,
      given: canonicalGiven(named),
      surnameKeys: lone ? keys : surnameKeys(named),
      sex: sexOf(recordRole, named),
      role: tag.role,
      recordRole,
      date: recordDate?.normalized ?? null,
      year: recordDate?.year ?? null,
      place: place?.name ?? null,
      country,
      page: pageOf(doc, tag.name),
      birthYear: null,
      birthEstimated: false,
      events: [],
    };
    mention.events = eventsOf(reading, {
      nameAsWritten: tag.name,
      role: tag.role,
      recordRole,
      place: mention.place,
      subject,
      near,
      facts: detail,
    });
    // The birth year grouping compares: a stated birth, else a baptism, else an estimate from an age.
    const births = mention.events.filter((e) => e.kind === 'birth' || e.kind === 'baptism');
    const birth =
      births.find((e) => e.kind === 'birth' && !e.estimated) ?? births.find((e) => !e.estimated) ?? births[0];
    if (birth?.year != null) {
      mention.birthYear = birth.year;
      mention.birthEstimated = birth.estimated === true;
    }
    out.push(mention);
  });
  if (doc.documentType === 'marriage') marriedNames(out);
  return out;
}

/** The record's subject's surname keys when the subject is a man (the father of the children it names by given name alone). */
function fatherSurname(doc: DocumentFacts, details: ReadonlyMap<string, PersonDetail>): string[] {
  const subject = doc.people.find((p) => p.role === 'primary_subject');
  if (!subject) return [];
  const name = parseName(subject.name);
  if (!name.surname || sexOf(details.get(foldText(subject.name))?.recordRole ?? null, name) !== 'M') return [];
  return surnameKeys({ ...name, maiden: null });
}

/**
 * A bride is found under her husband's surname too (her married name), as a maiden name finds a
 * wife under her father's: the certificate's "Sarah Elizabeth Barnes" is the baptism's "Sarah
 * Whitfield", mother of the couple's son.
 */
function marriedNames(mentions: MentionDraft[]): void {
  const groom = mentions.find(
    (m) => m.recordRole === 'groom' || (m.role === 'primary_subject' && m.sex === 'M' && m.recordRole === null),
  );
  const bride = mentions.find(
    (m) => m.recordRole === 'bride' || (m.role === 'spouse' && m.sex === 'F' && m.recordRole === null),
  );
  if (!groom || !bride || groom.sex === 'F' || bride.sex === 'M') return;
  bride.surnameKeys = [...new Set([...bride.surnameKeys, ...groom.surnameKeys])];
}

function maidenNear(near: string): string | null {
  const m = /^\s*[,(]?\s*(?:née|nee|born|geb\.?|formerly)\s+([A-Z][\p{L}'-]+)/u.exec(near);
  return m ? foldText(m[1]!).replace(/[^a-z]/g, '') : null;
}

/** The record's role says the sex, else a maiden name or a title, else the given name (sex.ts). */
function sexOf(recordRole: RecordRole | null, name: ParsedName): PersonSex {
  if (recordRole && MALE_ROLES.has(recordRole)) return 'M';
  if (recordRole && FEMALE_ROLES.has(recordRole)) return 'F';
  if (name.maiden) return 'F';
  const title = name.title ? foldText(name.title).replace(/\./g, '') : '';
  if (/^(mrs|miss|ms|lady|dame|frau|madame|mme|mlle|dona|pani)$/.test(title)) return 'F';
  if (/^(mr|sir|lord|herr|monsieur|senor|pan)$/.test(title)) return 'M';
  return name.given[0] ? sexOfGivenName(name.given[0]) : 'U';
}

function pageOf(doc: DocumentFacts, written: string): number | null {
  if (doc.pages.length === 0) return 1;
  return doc.pages.find((p) => p.text.includes(written))?.pageNumber ?? doc.pages[0]?.pageNumber ?? null;
}
