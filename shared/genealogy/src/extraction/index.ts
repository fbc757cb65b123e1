import type { DocumentEntities, DocumentType } from '@gnology/contracts';
import { mendOcrSpacing } from './ocr-spacing';
import { extractDates } from './dates';
import { withDirectoryFacts } from './directory-facts';
import { classifyDocument } from './document-type';
import type { Gazetteer } from './gazetteer';
import { extractOccupations } from './occupations';
import { extractPeopleWithDetails } from './people';
import { extractPlaces } from './places';

export { buildGazetteer, type Gazetteer, type GazetteerTables } from './gazetteer';
export { mergePersonDetails } from './merge-details';

export interface ExtractionInput {
  text: string;
  /** The document is a picture (JPG/PNG): little text then means a photograph. */
  isImage: boolean;
  originalName?: string;
  /** The rules' findings, given to an LLM extractor as a starting point (it checks and completes them). */
  hints?: DocumentEntities;
}

/**
 * Turns a document's text into the spec's fields. The rule-based extractor is the embedded default;
 * an LLM extractor (services/documents/src/llm) implements the same interface and falls back to it.
 */
export interface Extractor {
  readonly method: 'rules' | 'llm';
  extract(input: ExtractionInput, signal?: AbortSignal): Promise<DocumentEntities>;
}

/**
 * The rules extractor's version, stored per document (`documents.extractor_version`). Raise it
 * whenever the rules change what they find: the `reextract` maintenance job then reads every
 * older rules-extracted document again from its stored text (no OCR). 2: issue 15 (people by
 * given name, lists, record roles, full and foreign dates, historical places). 3: record roles and
 * titles are stored (`documents.person_details`, decision 0180), and the main person is read better.
 * 4: issue 28 dates (days and years in words, regnal years, Old Style slash years, days relative
 * to a letter's heading). 5: issue 28 precision (magistrates are officiants, people a record only
 * names are marked `namedOnly`, no kinship read from inside a surname or from the title "Dr"). 6: names
 * broken across lines after an initial or a relationship word, and "Mr. and Mrs. John Smith" titles him "Mr.";
 * clerks' shortened names, record words that are surnames, "X of Place deceased" is the deceased, a child never
 * merged with his namesake father. 7: newspaper names: an honorific after a name ("W. Stallings, Esq."), an English
 * office before a surname ("Warden Hoyt"), words hyphenated at a line end, "Martin⏎Van Buren". 8: a kinship word of
 * one language that is a common word of the text's own ("nicht" in German) says nothing; regnal numbers keep their
 * capitals ("Georg VI"); "Ch. Metz" is one name and "Hrn. Prok. Andre" no man called Prok; German offices written
 * as compounds ("Generaladministrator Simons"), "im Schlosse zu Laeken" and "(A. A. Ztg.)" name no one; a particle at
 * a line end joins the next line's surname ("Herbert von⏎Dirksen"); "Johann Baptist" is two given names; "Nymphas
 * Stace Elizabeth his Wife" is a couple, and "his wife" never makes a husband of a justice named long before;
 * initials stay with a surname that is also a given name ("S. H. Clifford"); "Koffmeister" in English is a name;
 * a justice left as the first person named gives no child his surname; "was removed over from" names the pauper.
 * 9: a Dutch deed's surname written in lower case completes the given names before it ("Egbert blomhert"); "Joel
 * Sparks Widower was removed", "Harriott Elly & her two Children was Removed" name the pauper.
 * 10: given names written with I for J ("Iacob", "Iurgen") are given names; a Dutch deed's testator is also the appearer
 * "present de natemelden getuijgen", the sick man the notary found ("vindende den zelve siek") and the dead man whose
 * estate it settles ("van den overleeden zorgeant Ernst Schreuder").
 * 11: lists that show their people by shape (surname first "Denzler Albert", a place in brackets "Leuba (Buttes)", a
 * race's placings, works with their authors); words broken by the typesetter or spaced by OCR are mended before
 * people and places are read ("Neu¬ komm", "C . F . Flach"), and a transcriber's "[…]" expansions too ("d[aughte]r");
 * "wife to" is a relation; a pauper with her family stays the order's subject; German and French offices and trades
 * before a surname; newspapers' nouns, clubs and OCR pieces are no one; Dutch wills' principals, ranks, clerks, slaves,
 * raised-letter abbreviations, lower-case given names and names broken across lines; more given names of the period.
 * 12: a removal order's justices joined by "and", an inquest's coroner and jurors are never its subject; surnames a
 * clerk writes as a weekday ("Ann Monday"), a saint ("Henry St. Clair"), in two pieces ("Mary Mc. daniel") or as a
 * given name ("Fulton Thomas"); one person for a name and its alias or a transposed spelling ("Chirstopher"); French
 * papers' datelines, "d'Henri", shortened given names and surnames on the next line; Dutch deeds' places of origin
 * ("van Lomen"), patronymics across lines, deed words and the clerks' office.
 */
export const EXTRACTOR_VERSION = 12;

// Extraction reads at most this much text: records are short, and the rules are linear anyway.
const MAX_TEXT = 400_000;

export function extractWithRules(input: ExtractionInput, gazetteer: Gazetteer): DocumentEntities {
  const text = input.text.length > MAX_TEXT ? input.text.slice(0, MAX_TEXT) : input.text;
  const documentType = classifyDocument(text, { isImage: input.isImage });
  const { people: peopleIdentified, details: read } = extractPeopleWithDetails(text, 60, documentType);
  const personDetails = withDirectoryFacts(text, peopleIdentified, read);
  const dateInfo = extractDates(text).slice(0, 200);
  const geographicalInfo = extractPlaces(mendOcrSpacing(text), gazetteer).slice(0, 100);
  const occupations = extractOccupations(text).slice(0, 50);
  return {
    documentType,
    peopleIdentified,
    dateInfo,
    geographicalInfo,
    occupations,
    tags: deriveTags(documentType, dateInfo, geographicalInfo),
    ...(personDetails.length ? { personDetails } : {}),
  };
}

/** Tags for filtering and search: the record type, the decades it covers, the countries it names. */
export function deriveTags(
  type: DocumentType,
  dates: DocumentEntities['dateInfo'],
  places: DocumentEntities['geographicalInfo'],
): string[] {
  const tags = new Set<string>();
  if (type !== 'other') tags.add(type);
  for (const d of dates) tags.add(`${Math.floor(d.year / 10) * 10}s`);
  for (const p of places) if (p.kind === 'country' || p.kind === 'state') tags.add(p.name);
  return [...tags].slice(0, 20);
}

/**
 * A model's people checked against the text: a name survives when every word of it (an initial
 * only by its letter) appears in the text, so a surname completed from elsewhere in the record
 * ("his wife Mary" → Mary Whitfield) stays and a name the text never gives is dropped.
 */
export function keepNamesInText<T extends { name: string }>(people: readonly T[], text: string): T[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = new Set(
    fold(text)
      .split(/[^\p{L}\p{N}'’-]+/u)
      .filter(Boolean),
  );
  for (const w of [...words]) for (const part of w.split(/[-'’]/)) if (part) words.add(part);
  return people.filter((p) => {
    const parts = fold(p.name)
      .split(/[^\p{L}\p{N}'’-]+/u)
      .filter(Boolean);
    return parts.length > 0 && parts.every((w) => w.length === 1 || words.has(w) || words.has(w.replace(/[.]$/, '')));
  });
}

/** `gazetteer` is asked for at the first extraction, so a process that never extracts never loads its tables. */
export function createRulesExtractor(gazetteer: () => Gazetteer): Extractor {
  return {
    method: 'rules',
    extract: async (input) => extractWithRules(input, gazetteer()),
  };
}
