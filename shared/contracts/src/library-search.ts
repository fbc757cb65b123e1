import { z } from 'zod';
import { ObjectId } from './common';
import { DateInfoItem, GeoInfoItem, PersonDetail } from './documents';

/*
 * Searching a user's own library (issue 16, "Retrieval"; decision 0170): the words of a
 * question folded the way Postgres' unaccent folds them, the surname equivalents conversation
 * search also uses, and the internal route research calls to find the passages that answer a
 * question nobody selected documents for.
 */

/**
 * Surnames (and a few given names) that are the same name in another language or spelling
 * tradition, where trigram similarity fails (Schmidt/Smith score 0.08). Lowercase and unaccented.
 * A search for one name also finds the others of its group. Conversation search seeds its
 * `surname_equivalents` table from this list; library search expands queries with it.
 */
export const SURNAME_EQUIVALENTS: string[][] = [
  ['smith', 'schmidt', 'schmitt', 'smyth', 'smythe', 'schmid', 'kowalski', 'kovacs', 'ferrari', 'lefebvre', 'herrera'],
  ['miller', 'muller', 'mueller', 'moller', 'molnar', 'mullner'],
  ['mcdonald', 'macdonald', 'mcdonnell', 'macdonnell'],
  ['taylor', 'schneider', 'snyder', 'snider', 'schneeder', 'kravitz'],
  ['baker', 'becker', 'bakker', 'beck'],
  ['carpenter', 'zimmermann', 'zimmerman', 'timmermans'],
  ['fisher', 'fischer', 'visser', 'fiske'],
  ['weaver', 'weber', 'wever', 'webber'],
  ['shoemaker', 'schumacher', 'schuhmacher', 'schoenmaker'],
  ['cooper', 'kupfer', 'kuiper', 'kueper'],
  ['young', 'jung', 'junge', 'jong'],
  ['king', 'konig', 'koenig', 'koning'],
  ['black', 'schwarz', 'schwartz', 'zwart'],
  ['white', 'weiss', 'weis', 'wit'],
  ['brown', 'braun', 'bruin'],
  ['johnson', 'johansson', 'johannsen', 'jansen', 'janssen', 'jensen', 'johnsen'],
  ['peterson', 'petersen', 'pedersen', 'petersson'],
  ['anderson', 'andersen', 'andersson'],
  ['nelson', 'nilsson', 'nielsen', 'neilson'],
  ['mckenzie', 'mackenzie'],
  ['mcgregor', 'macgregor'],
  ['mclean', 'maclean'],
  ['mcleod', 'macleod'],
  ['mcintosh', 'macintosh', 'mackintosh'],
  ['mckay', 'mackay'],
  ['obrien', 'brien', 'bryan'],
  ['oconnor', 'connor'],
  ['oneill', 'neill', 'neal'],
  ['reid', 'reed', 'read', 'reade'],
  ['gray', 'grey'],
  ['steward', 'stewart', 'stuart'],
  ['wright', 'wrighte'],
  ['thompson', 'thomson', 'tomson'],
  ['phillips', 'philips', 'phelps'],
  ['catherine', 'katherine', 'kathryn', 'katharina', 'catharina'],
  ['john', 'johann', 'johannes', 'jan', 'jean', 'juan', 'giovanni', 'ivan', 'sean'],
  ['william', 'wilhelm', 'willem', 'guillaume', 'guillermo'],
  ['henry', 'heinrich', 'hendrik', 'henri', 'enrique'],
  ['mary', 'maria', 'marie', 'maire', 'miriam'],
];

const EQUIVALENT_OF = new Map<string, string[]>();
for (const group of SURNAME_EQUIVALENTS)
  for (const name of group)
    EQUIVALENT_OF.set(
      name,
      group.filter((n) => n !== name),
    );

/** The other spellings of a folded name (empty when it has none). */
export function nameEquivalents(folded: string): string[] {
  return EQUIVALENT_OF.get(folded) ?? [];
}

const FOLD_SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'ae',
  ø: 'o',
  Ø: 'o',
  œ: 'oe',
  Œ: 'oe',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  þ: 'th',
};

/** Lowercase, accents removed the way Postgres' unaccent does for the letters family records use (ß → ss, æ → ae, ø → o, ł → l, ...). */
export function foldText(text: string): string {
  let out = '';
  for (const ch of text) {
    const special = FOLD_SPECIAL[ch];
    out += special ?? ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  }
  return out.toLowerCase();
}

/** POST /internal/documents/search: research asks for the passages of one user's library that best answer a question. */
export const LibrarySearchRequest = z.object({
  userId: z.string().min(1).max(100),
  query: z.string().min(1).max(4_000),
  limit: z.number().int().min(1).max(20).default(5),
  /** Documents the user dropped from the sources: never returned. */
  excludeDocumentIds: z.array(z.string().max(64)).max(100).default([]),
});
export type LibrarySearchRequest = z.infer<typeof LibrarySearchRequest>;

/** One page that matched: its document, its page number, a snippet, and the page's whole text for the prompt. */
export const LibraryPassage = z.object({
  documentId: ObjectId,
  originalName: z.string(),
  documentType: z.string().nullable(),
  pageNumber: z.number().int(),
  /** The page's words around the matches (plain text). */
  snippet: z.string(),
  /** The page's text (at most 6,000 characters), which the answer quotes and cites. */
  text: z.string(),
  score: z.number(),
  peopleIdentified: z.array(z.object({ name: z.string(), role: z.string().nullable().optional() })).default([]),
  /** The document's stored extraction beside its people, so Gene answers a found document from it as from a selected one (issue 28). */
  personDetails: z.array(PersonDetail).optional(),
  dateInfo: z.array(DateInfoItem).optional(),
  geographicalInfo: z.array(GeoInfoItem).optional(),
  occupations: z.array(z.string()).optional(),
  /** The page's source citation, Evidence Explained style (decision 0186). */
  citation: z.string().optional(),
});
export type LibraryPassage = z.infer<typeof LibraryPassage>;

export const LibrarySearchResponse = z.object({ passages: z.array(LibraryPassage) });
export type LibrarySearchResponse = z.infer<typeof LibrarySearchResponse>;

/** A document Gene read for an answer because the library search found it (the "Sources used" line). */
export const RetrievedSource = z.object({
  documentId: ObjectId,
  originalName: z.string(),
  /** The pages whose text went into the prompt, the best first (the page to open). */
  pages: z.array(z.number().int()),
  /** The name asked about, when the best page writes it in full, for the viewer to highlight (`&q=`). */
  highlight: z.string().max(200).optional(),
  /** The source citation of the best page (decision 0186), for the answer's sources and exports. */
  citation: z.string().max(2_000).optional(),
  /** A document the user selected for the question: read whole, listed before what the search found (issue 30). */
  selected: z.boolean().optional(),
});
export type RetrievedSource = z.infer<typeof RetrievedSource>;
