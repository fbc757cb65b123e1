/**
 * The book's material (issue 33): the documents service answers it, the research service writes the book from it,
 * so both read this one description. What the documents service knows of one family, gathered for
 * the book — the people around a root person over N generations, their events with the
 * Evidence-Explained citation of each, the conflicts the people index found, the gallery photos
 * where they are tagged, and the root's pedigree chart. `writeRegister` turns it into the
 * offline narrative; the model-written chapters read it too. Decision 0234.
 *
 * The documents service answers `BookMaterialWire` (JSON: no bytes); `fetchBookMaterial`
 * (clients/book-material.ts) fetches each photo's downscaled JPEG by a second call and decodes
 * the chart's PDF, and returns `BookMaterial`.
 */

export type BookSex = 'M' | 'F' | 'U';

export type BookEventKind = 'birth' | 'baptism' | 'marriage' | 'residence' | 'occupation' | 'death' | 'burial';

/**
 * A date as the sources give it: `normalized` is `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (or two of
 * them joined by `/` for a `between`), as the people index and the citations normalize dates;
 * `qualifier` says when a source only gives it roughly ("about 1858": an age at a census).
 */
export interface BookDate {
  normalized: string;
  qualifier: 'exact' | 'about' | 'before' | 'after' | 'between' | 'dual_year';
}

export interface BookEvent {
  kind: BookEventKind;
  date: BookDate | null;
  place: string | null;
  /** The occupation's words ("farmer"); the residence's household detail; null otherwise. */
  detail: string | null;
  /** For a marriage: the spouse's person id, when the material holds the spouse. */
  spouseId?: string;
  /** Ids into `BookMaterial.sources`: the records that state this event. Never empty. */
  sources: string[];
  /** Where the event comes from: a document read into the people index, or an imported tree's claim. */
  origin?: 'documents' | 'tree';
}

/** A parent, spouse or child link, with the records that state it. */
export interface BookLink {
  personId: string;
  sources: string[];
}

/** A disagreement between records the people index found: becomes a "how we know" note. */
export interface BookConflict {
  /** The people index's kind of conflict ('birth_years', 'event_dates', …). */
  kind: string;
  /** The index's plain sentence naming the records that disagree. */
  message: string;
  sources: string[];
}

export interface BookPerson {
  id: string;
  /** The name as the index shows it ("John Henry Whitfield"). */
  name: string;
  given: string;
  surname: string;
  sex: BookSex;
  /**
   * The generation counted from the root: 0 the root, 1 the parents, 2 the grandparents…,
   * -1 the root's children, -2 grandchildren. Spouses of people in the book who are not
   * themselves on the line take their partner's generation.
   */
  generation: number;
  /** On the root's line (ancestor, root or descendant), not only a spouse brought in. */
  direct: boolean;
  events: BookEvent[];
  parents: BookLink[];
  spouses: BookLink[];
  children: BookLink[];
  conflicts: BookConflict[];
}

/** One record the book cites, with the citation the product already builds for it. */
export interface BookSource {
  id: string;
  /** The Evidence-Explained citation text. */
  citation: string;
}

export interface BookPhoto {
  id: string;
  /** The user's caption or title of the photo, if any. */
  caption: string | null;
  /** The people of the book tagged in it, in the order tagged. */
  people: { id: string; name: string }[];
  mime: 'image/jpeg';
  width: number;
  height: number;
  /** At most 1600 px on the longer side. */
  image: Uint8Array;
}

export interface BookChart {
  title: string;
  svg: string;
  pdf?: Uint8Array;
}

export interface BookMaterial {
  rootId: string;
  /** How the root was chosen: asked by the caller, or the documents service's default (decision 0234). */
  rootChosen: 'asked' | 'default';
  generations: number;
  /** The root first, then by generation (ancestors, then descendants), then by birth. */
  people: BookPerson[];
  sources: BookSource[];
  photos: BookPhoto[];
  chart: BookChart | null;
}

/** The documents service's JSON: photos without their bytes, the chart's PDF in base64. */
export interface BookMaterialWire extends Omit<BookMaterial, 'photos' | 'chart'> {
  photos: Omit<BookPhoto, 'image'>[];
  chart: { title: string; svg: string; pdfBase64?: string } | null;
}
