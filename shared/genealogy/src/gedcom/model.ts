import type { DateInfoItem, PersonSex, TimelineEventKind } from '@gnology/contracts';
import type { TreeCitation, TreeFact, TreeIndividual, TreeSource } from './tree';

/*
 * What a GEDCOM file is written from (issue 16, decision 0186): one input for both writers, so
 * 5.5.1 and 7.0 files of one index hold the same people, families and sources. Ids are the
 * index's own; the writers turn them into xrefs (@I1@, @F1@, @S1@).
 */

export type GedcomDateInput = Pick<DateInfoItem, 'normalized' | 'qualifier'> & { calendar?: 'julian' | 'gregorian' };

/** Where a fact was read: the source (one per document) and the page. */
export interface GedcomCitation {
  sourceId: string;
  page?: number | null;
}

export interface GedcomEvent {
  kind: TimelineEventKind;
  date: GedcomDateInput | null;
  place: string | null;
  /** The occupation's words for `occupation`; a description for `residence` and `other`. */
  detail: string | null;
  citations: GedcomCitation[];
}

export interface GedcomIndividual {
  id: string;
  given: string;
  surname: string;
  /** "Jr.", "III" (NSFX). */
  suffix?: string;
  sex: PersonSex;
  events: GedcomEvent[];
  notes: string[];
  /** The documents naming this person (cited on the name). */
  citations: GedcomCitation[];
}

/** A couple and their children, from the spouse, parent and child relationships. */
export interface GedcomFamily {
  id: string;
  husbandId: string | null;
  wifeId: string | null;
  childIds: string[];
  /** Marriages (and other family events). */
  events: GedcomEvent[];
}

export interface GedcomSource {
  id: string;
  /** The document's source citation (Evidence Explained style). */
  title: string;
  fileName: string;
}

export interface GedcomInput {
  individuals: GedcomIndividual[];
  families: GedcomFamily[];
  sources: GedcomSource[];
  exportedAt: Date;
  /** The submitter's name (HEAD SUBM). */
  submitter: string;
  /** The imported family trees (issue 32, decision 0230), written beside the index with xrefs of their own. */
  tree?: GedcomTreeInput;
  /** Index individual id → tree person id: linked by an accepted hint, written as one INDI (origin 'both'). */
  links?: ReadonlyMap<string, string>;
}

/** A tree person as stored: the file's claims, keyed by GNology's id and the import it came in. */
export interface GedcomTreeIndividual extends Omit<TreeIndividual, 'xref' | 'birthYear' | 'deathYear'> {
  id: string;
  importId: string;
}

export interface GedcomTreeFamily {
  id: string;
  importId: string;
  /** Tree people's ids (GEDCOM 7's partners of any sex). */
  partner1Id: string | null;
  partner2Id: string | null;
  childIds: string[];
  facts: TreeFact[];
  notes: string[];
  citations: TreeCitation[];
}

/** A source of an imported file; citations name it by the file's xref within the same import. */
export interface GedcomTreeSource extends TreeSource {
  id: string;
  importId: string;
}

export interface GedcomTreeInput {
  individuals: GedcomTreeIndividual[];
  families: GedcomTreeFamily[];
  sources: GedcomTreeSource[];
}

export type GedcomVersion = '5.5.1' | '7.0';
