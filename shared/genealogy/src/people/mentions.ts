import type {
  DateInfoItem,
  DocumentType,
  GeoInfoItem,
  PersonDetail,
  PersonRole,
  PersonSex,
  PersonTag,
  RecordRole,
  TimelineEvent,
} from '@gnology/contracts';
import { foldText } from '@gnology/contracts';
import { canonicalGiven, type ParsedName, parseName, surnameKeys } from './names';
import { sexOfGivenName } from './sex';

/** What the index needs of a document to find the people in it. */
export interface DocumentFacts {
  id: string;
  fileName: string;
  documentType: DocumentType;
  text: string;
  people: readonly PersonTag[];
  details: readonly PersonDetail[];
  dates: readonly DateInfoItem[];
  places: readonly GeoInfoItem[];
  occupations: readonly string[];
  /** The text of each page, to say on which page a name is written (empty for one-page documents). */
  pages: readonly { pageNumber: number; text: string }[];
}

/** One event a record gives a person, before it is tied to an individual. */
/**
 * `estimated`: the year comes from an age. `registered`: a civil or church register of that kind
 * of event gives it (a birth or baptism register, a marriage or death certificate), the evidence
 * the researcher weighs first against later recollections (an obituary, a census age).
 */
export type MentionEvent = Omit<TimelineEvent, 'documentId' | 'fileName'> & {
  estimated?: boolean;
  registered?: boolean;
  /** The age an estimated birth comes from: its year is the record's year less the age, give or take the birthday. */
  age?: number;
};

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

const MALE_ROLES = new Set<RecordRole>(['groom', 'father_of_groom', 'father_of_bride', 'father', 'husband', 'son']);
const FEMALE_ROLES = new Set<RecordRole>(['bride', 'mother_of_groom', 'mother_of_bride', 'mother', 'wife', 'daughter']);
const SUBJECT_ROLES = new Set<RecordRole>(['deceased', 'groom', 'bride', 'head', 'testator']);

/** The people of one document, each with the events the record gives them. Names without a surname are left out. */
export function mentionsOfDocument(doc: DocumentFacts): MentionDraft[] {
  const details = new Map(doc.details.map((d) => [foldText(d.name), d]));
  const sorted = [...doc.dates].sort((a, b) => a.normalized.localeCompare(b.normalized));
  const recordDate = primaryDate(doc, sorted);
  const place = doc.places.find((p) => p.kind === 'town') ?? doc.places[0] ?? null;
  const country = doc.places.find((p) => p.countryCode)?.countryCode ?? null;
  const out: MentionDraft[] = [];
  const seen = new Set<string>();
  doc.people.forEach((tag, ordinal) => {
    const parsed = parseName(tag.name);
    const keys = surnameKeys(parsed);
    if (keys.length === 0 || parsed.given.length === 0) return;
    const key = `${foldText(tag.name).replace(/\s+/g, ' ')}|${tag.role}`;
    if (seen.has(key)) return;
    seen.add(key);
    const detail = details.get(foldText(tag.name));
    const recordRole = detail?.recordRole ?? null;
    const others = doc.people.filter((p) => p.name !== tag.name).map((p) => p.name);
    const subject = tag.role === 'primary_subject' || (recordRole !== null && SUBJECT_ROLES.has(recordRole));
    const near = textNear(doc.text, tag.name, parsed, subject ? [] : others);
    const maiden = parsed.maiden ?? maidenNear(near);
    const named: ParsedName = { ...parsed, maiden };
    const mention: MentionDraft = {
      ordinal,
      key,
      nameAsWritten: tag.name,
      given: canonicalGiven(named),
      surnameKeys: surnameKeys(named),
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
    mention.events = eventsOf(doc, mention, sorted, recordDate, near);
    const births = mention.events.filter((e) => e.kind === 'birth' || e.kind === 'baptism');
    const birth = births.find((e) => !e.estimated) ?? births[0];
    if (birth?.year != null) {
      mention.birthYear = birth.year;
      mention.birthEstimated = birth.estimated === true;
    }
    out.push(mention);
  });
  return out;
}

/** Words that announce each kind of event, in the languages of the records GNology reads. */
const EVENT_WORDS = {
  birth: /\b(?:born|birth|geboren|nee le|nacido|nata?o?)\b/gi,
  baptism: /\b(?:baptis\w*|baptiz\w*|christen\w*|getauft|taufe|bapteme)\b/gi,
  marriage: /\b(?:married|marriage|wed|wedding|verheiratet|heirat\w*|mariage|matrimonio)\b/gi,
  death: /\b(?:died|death|deceased|departed this life|gestorben|deces|decede)\b/gi,
  burial: /\b(?:buried|burial|interred|interment|begraben)\b/gi,
} as const;

/**
 * The date a record gives an event: the first date written after a word announcing it ("died
 * … on 3 January 1901"), in the same sentence; else the nearest one just before it. Null when the
 * record has no such word near a date.
 */
export function dateOfEvent(
  text: string,
  dates: readonly DateInfoItem[],
  kind: keyof typeof EVENT_WORDS,
): DateInfoItem | null {
  const folded = foldText(text);
  const at = dates.map((d) => ({ d, i: folded.indexOf(foldText(d.original)) })).filter((x) => x.i >= 0);
  let best: { d: DateInfoItem; distance: number } | null = null;
  for (const m of folded.matchAll(EVENT_WORDS[kind])) {
    for (const { d, i } of at) {
      const after = i - (m.index + m[0].length);
      const between = after >= 0 ? folded.slice(m.index + m[0].length, i) : folded.slice(i, m.index);
      if (/[.;]\s|\n/.test(between)) continue;
      const distance = after >= 0 ? after : -after * 3;
      if (distance <= 150 && (!best || distance < best.distance)) best = { d, distance };
    }
  }
  return best?.d ?? null;
}

/** The record's own date: the event it registers, else its first date (the last of a death record). */
function primaryDate(doc: DocumentFacts, sorted: readonly DateInfoItem[]): DateInfoItem | null {
  if (sorted.length === 0) return null;
  const kinds: (keyof typeof EVENT_WORDS)[] =
    doc.documentType === 'birth'
      ? ['baptism', 'birth']
      : doc.documentType === 'marriage'
        ? ['marriage']
        : doc.documentType === 'death' || doc.documentType === 'obituary'
          ? ['death', 'burial']
          : [];
  for (const kind of kinds) {
    const d = dateOfEvent(doc.text, sorted, kind);
    if (d) return d;
  }
  return doc.documentType === 'death' || doc.documentType === 'obituary' ? sorted[sorted.length - 1]! : sorted[0]!;
}

const BORN =
  /\b(?:born|b\.)\s+(?:(?:in|on|about|abt\.?|c\.|circa)\s+)?(?:\d{1,2}\s+[A-Za-z]+\.?\s+|[A-Za-z]+\.?\s+\d{1,2},?\s+)?(\d{4})\b/i;
const AGED = /\b(?:aged?|age:?)\s+(\d{1,3})\b/i;

/** "He was born in 1828" in an obituary: the subject's birth (another's "who was born" is not). */
function subjectBornYear(text: string): number | null {
  const m = /\b(?:he|she) was born\b[^.]*?\b(\d{4})\b/i.exec(text);
  return m ? Number(m[1]) : null;
}

/** The words after the name where a record writes about that person ("…, aged 34, farmer"), up to the next sentence or line. */
function textNear(text: string, written: string, parsed: ParsedName, others: readonly string[]): string {
  const candidates = [written];
  if (parsed.surname && parsed.given.length)
    candidates.push(`${written.split(/\s+/).slice(-1)[0]}, ${written.split(/\s+/).slice(0, -1).join(' ')}`);
  for (const c of candidates) {
    const at = text.indexOf(c);
    if (at < 0) continue;
    const rest = text.slice(at + c.length, at + c.length + 160);
    // Census rows keep a person to one line; prose to the sentence (a full stop after a lower-case word).
    const line = rest.split('\n')[0]!;
    const sentence = /^(.*?[a-z0-9]\.)(\s|$)/.exec(line);
    let near = sentence ? sentence[1]! : line;
    // Beside the subject, "son of A and B, was born …" speaks of the subject, not of A or B.
    for (const other of others) {
      const cut = near.indexOf(other);
      if (cut >= 0) near = near.slice(0, cut);
    }
    if (others.length) near = near.split(/,\s*(?:was|were|is|who|married|died)\b/)[0]!;
    return near;
  }
  return '';
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

/** The events the record gives this person: by the record's type, the part they play and phrases near their name. */
function eventsOf(
  doc: DocumentFacts,
  m: MentionDraft,
  sorted: readonly DateInfoItem[],
  recordDate: DateInfoItem | null,
  near: string,
): MentionEvent[] {
  const events: MentionEvent[] = [];
  const at = (
    kind: MentionEvent['kind'],
    d: DateInfoItem | null,
    detail: string | null = null,
    estimated = false,
  ): MentionEvent => ({
    kind,
    date: d?.normalized ?? null,
    year: d?.year ?? null,
    place: m.place,
    detail,
    ...(estimated ? { estimated } : {}),
  });
  const subject = m.role === 'primary_subject' || (m.recordRole !== null && SUBJECT_ROLES.has(m.recordRole));
  const lower = doc.text.toLowerCase();
  switch (doc.documentType) {
    case 'birth':
      if (subject) events.push(at(/\b(baptis|baptiz|christen)/.test(lower) ? 'baptism' : 'birth', recordDate));
      break;
    case 'marriage':
      if (subject || m.role === 'spouse' || m.recordRole === 'groom' || m.recordRole === 'bride')
        events.push(at('marriage', recordDate));
      break;
    case 'death':
    case 'obituary':
      if (subject) {
        events.push(at('death', recordDate));
        const burialDate = dateOfEvent(doc.text, sorted, 'burial');
        if (burialDate && burialDate !== recordDate) events.push(at('burial', burialDate));
        const born = subjectBornYear(doc.text);
        const bornDate = born ? (sorted.find((d) => d.year === born) ?? null) : null;
        if (bornDate) events.push(at('birth', bornDate));
      }
      break;
    case 'census':
      events.push(at('residence', recordDate, doc.documentType === 'census' ? 'census' : null));
      break;
    case 'military':
      if (subject) events.push(at('other', recordDate, 'military service'));
      break;
    default:
      break;
  }
  // "aged 34" or a census row's age: a birth year estimated from the record's year.
  const subjectOfDeath = subject && (doc.documentType === 'death' || doc.documentType === 'obituary');
  const age =
    AGED.exec(near)?.[1] ??
    (subjectOfDeath ? AGED.exec(doc.text)?.[1] : undefined) ??
    (doc.documentType === 'census' ? /,\s*(\d{1,3})\s*(?:,|$)/.exec(near)?.[1] : undefined);
  const recordYear = recordDate?.year ?? null;
  if (age !== undefined && recordYear !== null && !events.some((e) => e.kind === 'birth')) {
    const year = recordYear - Number(age);
    if (Number(age) <= 110)
      events.push({
        kind: 'birth',
        date: String(year),
        year,
        place: null,
        detail: `estimated from age ${age} in ${recordYear}`,
        estimated: true,
      });
  }
  const bornHere = BORN.exec(near);
  if (bornHere && !events.some((e) => e.kind === 'birth' && !e.estimated)) {
    const year = Number(bornHere[1]);
    const i = events.findIndex((e) => e.kind === 'birth');
    if (i >= 0) events.splice(i, 1);
    events.push({
      kind: 'birth',
      date: sorted.find((d) => d.year === year)?.normalized ?? String(year),
      year,
      place: null,
      detail: null,
    });
  }
  const occupation =
    doc.occupations.find((o) => near.toLowerCase().includes(o.toLowerCase())) ??
    (subject && doc.occupations.length === 1 && doc.documentType !== 'birth' ? doc.occupations[0] : undefined);
  if (occupation)
    events.push({
      kind: 'occupation',
      date: recordDate?.normalized ?? null,
      year: recordYear,
      place: m.place,
      detail: occupation,
    });
  const registered = doc.documentType === 'birth' || doc.documentType === 'marriage' || doc.documentType === 'death';
  return registered
    ? events.map((e) => (e.estimated || e.kind === 'occupation' ? e : { ...e, registered: true }))
    : events;
}
