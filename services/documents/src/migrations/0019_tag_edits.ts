import type { Kysely, Migration } from 'kysely';

/**
 * Editable tags (issue 30, decision 0217): `tag_edits` holds what the user added to and removed
 * from a document's tags, so that a new reading applies them again to its own tags (a "portrait"
 * the user removed is not put back). Null until the user first edits the tags.
 */
export const tagEditsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    await db.schema.alterTable('documents').addColumn('tag_edits', 'jsonb').execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await db.schema.alterTable('documents').dropColumn('tag_edits').execute();
  },
};
