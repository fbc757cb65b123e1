import type { DateInfoItem, DocumentType, GeoInfoItem, PersonRole, RecordRole } from '@gnology/contracts';
import { citedDate, datePhrase } from './dates';

/*
 * A source citation in the spirit of Evidence Explained (issue 16, decision 0186), built only from
 * what extraction read: what the record is, whom it is about, when and where, and where the image
 * is — "Marriage certificate, John Henry Whitfield and Mary Ann Brooks, 14 June 1887, Dublin,
 * Ireland; digital image "marriage.png", p. 1, uploaded to GNology 24 November 2026." Anything
 * extraction did not find is left out rather than guessed.
 */

export interface CitationPerson {
  name: string;
  role: PersonRole;
  recordRole?: RecordRole | null;
  /** The baptism date extraction tied to this person (`PersonDetail.baptized`): a baptism is cited by it. */
  baptized?: string | null;
}

/**
 * The people of a citation from a record's extraction: each name with the record role and baptism
 * date the reading tied to it (`personDetails`), so every caller cites a baptism the same way.
 */
export function citationPeople(
  people: readonly { name: string; role: PersonRole }[],
  details: readonly { name: string; recordRole?: RecordRole | null; baptized?: string | null }[] | null | undefined,
): CitationPerson[] {
  return people.map((p) => {
    const d = details?.find((x) => x.name === p.name);
    return { name: p.name, role: p.role, recordRole: d?.recordRole ?? null, baptized: d?.baptized ?? null };
  });
}

export interface CitationSource {
  documentType: DocumentType;
  fileName: string;
  uploadedAt: Date;
  people: CitationPerson[];
  dates: Pick<DateInfoItem, 'normalized' | 'qualifier'>[];
  places: GeoInfoItem[];
  /** The page cited, when the citation is for one page. */
  page?: number | null;
}

const RECORD_TITLE: Record<DocumentType, string> = {
  birth: 'Birth certificate',
  marriage: 'Marriage certificate',
  death: 'Death certificate',
  census: 'Census return',
  obituary: 'Obituary',
  military: 'Military record',
  letter: 'Letter',
  photo: 'Photograph',
  journal: 'GNology Journal',
  other: 'Document',
};

/** Files that are pictures of the record (a scan, a photo, a PDF) rather than a transcript typed in. */
const IMAGE_FILE = /\.(png|jpe?g|gif|tiff?|bmp|webp|heic|pdf)$/i;

export function buildCitation(s: CitationSource): string {
  const head = [recordTitle(s), principals(s), recordDate(s), jurisdiction(s.places)].filter((x): x is string =>
    Boolean(x),
  );
  const medium = IMAGE_FILE.test(s.fileName) ? 'digital image' : 'digital file';
  const where = [
    `${medium} "${s.fileName.replace(/"/g, "'")}"`,
    ...(s.page ? [`p. ${s.page}`] : []),
    `uploaded to GNology ${uploadDate(s.uploadedAt)}`,
  ];
  return `${head.join(', ')}; ${where.join(', ')}.`;
}

/**
 * A baptism is typed `birth` (the type list has no baptism) but it is a church's register entry,
 * not a civil birth certificate: sponsors (godparents stand only at a baptism) or a baptism date
 * read for someone say so.
 */
function isBaptism(s: CitationSource): boolean {
  return s.documentType === 'birth' && s.people.some((p) => p.recordRole === 'sponsor' || Boolean(p.baptized));
}

function recordTitle(s: CitationSource): string {
  if (isBaptism(s)) return 'Baptism register entry';
  if (s.documentType !== 'census') return RECORD_TITLE[s.documentType];
  const year = s.dates.map((d) => /^\d{4}/.exec(d.normalized)?.[0]).find(Boolean);
  return year ? `${year} census` : RECORD_TITLE.census;
}

const distinct = (names: (string | undefined)[]) => [
  ...new Set(names.filter((n): n is string => Boolean(n?.trim())).map((n) => n.trim())),
];

function joinNames(names: string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The people the record is about: the couple of a marriage, the child of a birth, the deceased, the household's head. */
function principals(s: CitationSource): string | null {
  const byRecordRole = (...roles: RecordRole[]) => roles.map((r) => s.people.find((p) => p.recordRole === r)?.name);
  const byRole = (role: PersonRole) => s.people.filter((p) => p.role === role).map((p) => p.name);
  const subject = byRole('primary_subject')[0];
  switch (s.documentType) {
    case 'marriage': {
      const couple = distinct(byRecordRole('groom', 'bride'));
      if (couple.length === 2) return joinNames(couple);
      return joinNames(distinct([subject, byRole('spouse')[0]]).slice(0, 2));
    }
    case 'death':
    case 'obituary':
      return distinct([byRecordRole('deceased')[0], subject])[0] ?? null;
    case 'census': {
      const head = byRecordRole('head')[0] ?? subject;
      return head ? `household of ${head}` : null;
    }
    case 'letter':
    case 'photo':
      return joinNames(distinct(s.people.map((p) => p.name)).slice(0, 3));
    default:
      return subject ?? s.people[0]?.name ?? null;
  }
}

/** Death records and obituaries write the earlier life first: their date is the latest; other records' is the earliest. */
function recordDate(s: CitationSource): string | null {
  if (isBaptism(s)) {
    // The entry's date is the baptism's; a register entry also gives the birth, so without the
    // baptism date read for the child, a date alone may be either: none is cited rather than the wrong one.
    const subject =
      s.people.find((p) => p.role === 'primary_subject' && p.baptized) ?? s.people.find((p) => p.baptized);
    if (subject?.baptized) return citedDate({ normalized: subject.baptized, qualifier: 'exact' });
    const distinctDates = new Set(s.dates.map((d) => d.normalized));
    return distinctDates.size === 1 ? citedDate(s.dates[0]!) : null;
  }
  if (s.dates.length === 0) return null;
  // A letter is dated by its dateline, the first date it writes; the dates in its body are of what it tells.
  if (s.documentType === 'letter') return citedDate(s.dates[0]!);
  const sorted = [...s.dates].sort((a, b) => (a.normalized < b.normalized ? -1 : a.normalized > b.normalized ? 1 : 0));
  const latest = s.documentType === 'death' || s.documentType === 'obituary';
  if (s.documentType === 'census') return null; // the year is in the title
  return citedDate(latest ? sorted[sorted.length - 1]! : sorted[0]!);
}

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** The most specific place and what contains it: "Dublin, Ireland", "Springfield, Illinois, United States". */
function jurisdiction(places: GeoInfoItem[]): string | null {
  const local = places.find((p) => p.kind === 'town') ?? places.find((p) => p.kind === 'county');
  const state = local?.state ?? places.find((p) => p.kind === 'state')?.name;
  const code = local?.countryCode ?? places.find((p) => p.countryCode)?.countryCode;
  let country = places.find((p) => p.kind === 'country')?.name;
  if (!country && code) {
    try {
      country = REGION_NAMES.of(code.toUpperCase());
    } catch {
      country = undefined;
    }
  }
  const parts = distinct([local?.name, state, country]);
  return parts.length ? parts.join(', ') : null;
}

function uploadDate(d: Date): string {
  return datePhrase(d.toISOString().slice(0, 10));
}
