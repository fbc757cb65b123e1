import type { PersonSex } from '@gnology/contracts';

/*
 * A family tree as a GEDCOM file states it (issue 32, decision 0222): the file's claims, kept
 * apart from what documents show. Every INDI, FAM and SOUR record of the file is one entry here,
 * so counts after import equal the file's; what GNology has no field for is kept as a note
 * ("_MILT: Served 1917-1918"), never dropped.
 */

/** Where the file says a fact comes from: one of its sources, the page, the quoted text. */
export interface TreeCitation {
  /** The source record's xref; null for a citation written inline (5.5.1 allows text). */
  sourceXref: string | null;
  /** The source's title (or the inline text). */
  title: string;
  page: string | null;
  text: string | null;
}

export interface TreeFact {
  /** The GEDCOM tag (BIRT, OCCU, _MILT...). */
  tag: string;
  /** The fact in words ("Birth", "Occupation", or the EVEN/FACT TYPE). */
  label: string;
  /** The date as the file writes it ("ABT 1850", "JULIAN 1 JAN 1700"). */
  date: string | null;
  /** The Gregorian (or Julian) year for sorting; null when there is none or another calendar. */
  year: number | null;
  place: string | null;
  /** The fact's own text (OCCU's occupation, EVEN's description). */
  value: string | null;
  citations: TreeCitation[];
  notes: string[];
}

export interface TreeIndividual {
  xref: string;
  /** Display name, "Given Surname Suffix". */
  name: string;
  given: string;
  surname: string;
  /** Other names the file gives (married names, aliases). */
  otherNames: string[];
  sex: PersonSex;
  birthYear: number | null;
  deathYear: number | null;
  facts: TreeFact[];
  notes: string[];
  citations: TreeCitation[];
}

export interface TreeFamily {
  xref: string;
  /** HUSB and WIFE: GEDCOM 7 calls them partners, whatever their sex. */
  partner1: string | null;
  partner2: string | null;
  children: string[];
  facts: TreeFact[];
  notes: string[];
  citations: TreeCitation[];
}

export interface TreeSource {
  xref: string;
  title: string;
  author: string | null;
  publication: string | null;
  text: string | null;
  notes: string[];
}

export interface FamilyTree {
  version: string | null;
  individuals: TreeIndividual[];
  families: TreeFamily[];
  sources: TreeSource[];
  /** What the reader had to decide or could not keep, in words for the user. */
  warnings: string[];
}
