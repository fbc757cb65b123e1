import { type Kysely, type Migration, sql } from 'kysely';

/**
 * A sign-up with an e-mail that already has an account gets the same answer as a new one
 * (docs/decisions/0082-registration-enumeration.md): a session for a decoy that never becomes
 * an account. The row keeps what the decoy's verification step needs to answer alike.
 */
export const registrationDecoysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('registration_decoys')
      .addColumn('id', 'text', (c) => c.primaryKey().check(sql`id ~ '^[0-9a-f]{24}$'`))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('code_sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('resent_at', sql`timestamptz[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('registration_decoys_created_idx')
      .on('registration_decoys')
      .column('created_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('registration_decoys').execute();
  },
};
