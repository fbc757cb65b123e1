import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The people index (issue 16, decision 0185):
 * - `people_individuals`: the candidate individuals of a user, with their summary (for the list)
 *   and `facts` (variants, timeline, conflicts, relatives) computed on the worker when their
 *   mentions change, so the API role only reads;
 * - `people_mentions`: one row per person a document names, with what that record says of them
 *   (role, record role, date and place, events); deleting the document deletes them;
 * - `people_pins`: the user's merges and splits, keyed by document and the mention's folded name
 *   and role (stable when a document is read again), so they win over grouping on every rebuild.
 */
export const peopleIndexMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('people_individuals')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort_key', 'text', (c) => c.notNull())
      .addColumn('user_named', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('user_edited', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('sex', 'text', (c) => c.notNull().defaultTo('U'))
      .addColumn('birth_year', 'integer')
      .addColumn('death_year', 'integer')
      .addColumn('document_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mention_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('conflict_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('facts', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index people_individuals_owner_idx on people_individuals (owner_id, sort_key)`.execute(db);

    await db.schema
      .createTable('people_mentions')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('ordinal', 'integer', (c) => c.notNull())
      .addColumn('mention_key', 'text', (c) => c.notNull())
      .addColumn('name_as_written', 'text', (c) => c.notNull())
      .addColumn('given', sql`text[]`, (c) => c.notNull())
      .addColumn('surname_keys', sql`text[]`, (c) => c.notNull())
      .addColumn('sex', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('record_role', 'text')
      .addColumn('date', 'text')
      .addColumn('year', 'integer')
      .addColumn('place', 'text')
      .addColumn('country', 'text')
      .addColumn('page', 'integer')
      .addColumn('birth_year', 'integer')
      .addColumn('events', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('individual_id', 'uuid', (c) => c.references('people_individuals.id').onDelete('set null'))
      .execute();
    await sql`create index people_mentions_owner_idx on people_mentions (owner_id, document_id)`.execute(db);
    await sql`create index people_mentions_individual_idx on people_mentions (individual_id)`.execute(db);

    await db.schema
      .createTable('people_pins')
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('mention_key', 'text', (c) => c.notNull())
      .addColumn('individual_id', 'uuid', (c) => c.notNull().references('people_individuals.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('people_pins_pkey', ['owner_id', 'document_id', 'mention_key'])
      .execute();
    await sql`create index people_pins_individual_idx on people_pins (individual_id)`.execute(db);
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await db.schema.dropTable('people_pins').ifExists().execute();
    await db.schema.dropTable('people_mentions').ifExists().execute();
    await db.schema.dropTable('people_individuals').ifExists().execute();
  },
};
