import type { Conflict, PersonSex, Relative } from '@gnology/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { MentionEvent } from '@gnology/genealogy/people/mentions';
import type { SourcedEvent } from '@gnology/genealogy/people/timeline';

type Json<T> = ColumnType<T, string | undefined, string>;

/** What the worker computed of an individual, read as is by the API (migration 0016). */
export interface IndividualFactsJson {
  variants?: string[];
  /** Surname keys of every mention (maiden names included), for looking people up by name. */
  surnameKeys?: string[];
  timeline?: SourcedEvent[];
  conflicts?: Conflict[];
  relatives?: Relative[];
}

export interface PeopleIndividualsTable {
  id: string;
  owner_id: string;
  name: string;
  sort_key: string;
  user_named: Generated<boolean>;
  user_edited: Generated<boolean>;
  sex: Generated<PersonSex>;
  birth_year: number | null;
  death_year: number | null;
  document_count: Generated<number>;
  mention_count: Generated<number>;
  conflict_count: Generated<number>;
  facts: Json<IndividualFactsJson>;
  updated_at: Generated<Date>;
}

export interface PeopleMentionsTable {
  id: string;
  owner_id: string;
  document_id: string;
  ordinal: number;
  mention_key: string;
  name_as_written: string;
  given: string[];
  surname_keys: string[];
  sex: PersonSex;
  role: string;
  record_role: string | null;
  date: string | null;
  year: number | null;
  place: string | null;
  country: string | null;
  page: number | null;
  birth_year: number | null;
  events: Json<MentionEvent[]>;
  individual_id: string | null;
}

export interface PeoplePinsTable {
  owner_id: string;
  document_id: string;
  mention_key: string;
  individual_id: string;
}

export interface PeopleTables {
  people_individuals: PeopleIndividualsTable;
  people_mentions: PeopleMentionsTable;
  people_pins: PeoplePinsTable;
}

export type IndividualRow = Selectable<PeopleIndividualsTable>;
export type MentionRow = Selectable<PeopleMentionsTable>;
