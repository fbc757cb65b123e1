import type { ColumnType, Generated, Selectable } from 'kysely';

type Json<T> = ColumnType<T, string | undefined, string>;

/* Hints: a document's person matched to a tree person (migration 0021, decisions 0227–0228). */

export type HintStatus = 'open' | 'accepted' | 'rejected';

export interface PeopleHintsTable {
  id: string;
  owner_id: string;
  document_id: string;
  mention_key: string;
  tree_key: string;
  tree_individual_id: string | null;
  name_as_written: string;
  score: number;
  reasons: Json<string[]>;
  status: Generated<HintStatus>;
  created_at: Generated<Date>;
  decided_at: Date | null;
}

export interface HintTables {
  people_hints: PeopleHintsTable;
}

export type HintRow = Selectable<PeopleHintsTable>;
