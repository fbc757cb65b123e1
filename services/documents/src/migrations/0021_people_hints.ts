import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Hints (issue 32, decisions 0227–0228): a document's person (document and mention key, as the
 * user's pins are keyed, so stable when the index is rebuilt or the document read again) matched
 * to a person of an imported tree.
 * - `tree_key` (file name, xref, name) is what a decision is kept under: a re-import of the same
 *   file gives new tree ids but the same keys, so a rejection is never made again and an accepted
 *   link finds its person again. `tree_individual_id` is the person of the current import (no
 *   foreign key: an undone import leaves the decisions, and readers join on tree_individuals).
 * - `status`: open, accepted (the link: the two are shown as one person) or rejected (kept apart).
 * Deleting the document deletes its hints.
 */
export const peopleHintsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('people_hints')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('mention_key', 'text', (c) => c.notNull())
      .addColumn('tree_key', 'text', (c) => c.notNull())
      .addColumn('tree_individual_id', 'uuid')
      .addColumn('name_as_written', 'text', (c) => c.notNull())
      .addColumn('score', 'real', (c) => c.notNull())
      .addColumn('reasons', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('decided_at', 'timestamptz')
      .addUniqueConstraint('people_hints_pair', ['owner_id', 'document_id', 'mention_key', 'tree_key'])
      .execute();
    await sql`create index people_hints_owner_idx on people_hints (owner_id, status)`.execute(db);
    await sql`create index people_hints_tree_idx on people_hints (tree_individual_id)`.execute(db);
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await db.schema.dropTable('people_hints').ifExists().execute();
  },
};
