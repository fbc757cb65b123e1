import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Personal access tokens (issue 18, docs/decisions/0190-personal-access-tokens.md): only the
 * SHA-256 of the secret is kept, so a copy of this table lets no one in; `prefix` is the few
 * visible characters the list shows. Revoked rows stay (revoked_at set) for the owner's record.
 */
export const accessTokensMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('access_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey().check(sql`id ~ '^[0-9a-f]{24}$'`))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 80`))
      .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('documents:read')`))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await db.schema
      .createIndex('access_tokens_user_idx')
      .on('access_tokens')
      .columns(['user_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('access_tokens').execute();
  },
};
