// The one record format every converter writes (see SOURCES.md for what each source fills in).

export type Kind = 'newspaper' | 'directory' | 'register';

export interface GoldPerson {
  name: string;
  occupation?: string;
  address?: string;
}

export interface GoldDate {
  text: string;
  normalized?: string;
}

export interface GoldRelation {
  person: string;
  relation: string;
  of: string;
}

export interface GoldRecord {
  id: string;
  source: string;
  lang: string;
  kind: Kind;
  text: string;
  people: GoldPerson[];
  /** The record's main person (registers only, where the source labels it). */
  main?: string;
  /** Absent when the source does not label places (e.g. directory streets are addresses, not places). */
  places?: string[];
  /** Absent when the source does not label dates. */
  dates?: GoldDate[];
  relations?: GoldRelation[];
  hasKinship: boolean;
}
