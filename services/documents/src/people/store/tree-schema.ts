import type { PersonSex } from '@gnology/contracts';
import type { TreeCitation, TreeFact, TreeSource } from '@gnology/genealogy/gedcom';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Json<T> = ColumnType<T, string | undefined, string>;

/* GEDCOM imports and the tree they bring (migration 0020, decision 0223). */

export type ImportStatusColumn = 'queued' | 'running' | 'completed' | 'failed';

export interface PeopleImportsTable {
  id: string;
  owner_id: string;
  file_name: string;
  status: Generated<ImportStatusColumn>;
  version: string | null;
  individuals: Generated<number>;
  families: Generated<number>;
  sources: Generated<number>;
  warnings: Json<string[]>;
  error: string | null;
  storage_key: string | null;
  created_at: Generated<Date>;
  finished_at: Date | null;
}

/** A tree person's claims (tree_individuals.facts). */
export interface TreeIndividualJson {
  given: string;
  surname: string;
  otherNames: string[];
  facts: TreeFact[];
  notes: string[];
  citations: TreeCitation[];
}

export interface TreeIndividualsTable {
  id: string;
  owner_id: string;
  import_id: string;
  xref: string;
  name: string;
  sort_key: string;
  sex: PersonSex;
  birth_year: number | null;
  death_year: number | null;
  facts: Json<TreeIndividualJson>;
}

export interface TreeFamiliesTable {
  id: string;
  owner_id: string;
  import_id: string;
  xref: string;
  partner1_id: string | null;
  partner2_id: string | null;
  child_ids: string[];
  facts: Json<{ facts: TreeFact[]; notes: string[]; citations: TreeCitation[] }>;
}

export interface TreeSourcesTable {
  id: string;
  owner_id: string;
  import_id: string;
  xref: string;
  title: string;
  details: Json<Omit<TreeSource, 'xref' | 'title'>>;
}

export interface TreeTables {
  people_imports: PeopleImportsTable;
  tree_individuals: TreeIndividualsTable;
  tree_families: TreeFamiliesTable;
  tree_sources: TreeSourcesTable;
}

export type ImportRow = Selectable<PeopleImportsTable>;
export type TreeIndividualRow = Selectable<TreeIndividualsTable>;
