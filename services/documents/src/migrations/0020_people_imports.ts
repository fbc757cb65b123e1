import { type Kysely, type Migration, sql } from 'kysely';

/**
 * GEDCOM import (issue 32, decision 0223):
 * - `people_imports`: one row per imported file, the job's durable record (status, counts,
 *   warnings, a readable error), the stored file's key until the job has read it;
 * - `tree_individuals`, `tree_families`, `tree_sources`: every INDI, FAM and SOUR record of the
 *   file, the tree's claims kept apart from the people index read from documents (its rows are
 *   rebuilt from mentions; these are never touched by a rebuild). Deleting the import row undoes
 *   the import as a whole (cascade).
 */
export const peopleImportsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('people_imports')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
      .addColumn('version', 'text')
      .addColumn('individuals', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('families', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sources', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('warnings', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('error', 'text')
      .addColumn('storage_key', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('finished_at', 'timestamptz')
      .execute();
    await sql`create index people_imports_owner_idx on people_imports (owner_id, created_at desc)`.execute(db);

    const treeTable = (name: string) =>
      db.schema
        .createTable(name)
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('import_id', 'uuid', (c) => c.notNull().references('people_imports.id').onDelete('cascade'))
        .addColumn('xref', 'text', (c) => c.notNull());

    await treeTable('tree_sources')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .execute();
    await sql`create index tree_sources_import_idx on tree_sources (import_id)`.execute(db);

    await treeTable('tree_individuals')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort_key', 'text', (c) => c.notNull())
      .addColumn('sex', 'text', (c) => c.notNull().defaultTo('U'))
      .addColumn('birth_year', 'integer')
      .addColumn('death_year', 'integer')
      .addColumn('facts', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .execute();
    await sql`create index tree_individuals_owner_idx on tree_individuals (owner_id, sort_key)`.execute(db);
    await sql`create index tree_individuals_import_idx on tree_individuals (import_id)`.execute(db);

    await treeTable('tree_families')
      .addColumn('partner1_id', 'uuid')
      .addColumn('partner2_id', 'uuid')
      .addColumn('child_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
      .addColumn('facts', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .execute();
    await sql`create index tree_families_import_idx on tree_families (import_id)`.execute(db);
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    for (const t of ['tree_families', 'tree_individuals', 'tree_sources', 'people_imports'])
      await db.schema.dropTable(t).ifExists().execute();
  },
};
