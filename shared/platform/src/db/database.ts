import { Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';

// BIGINT (int8) and NUMERIC come back as strings by default; token counts fit easily in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface Database<DB = any> {
  /** Kysely bound to the service's own schema through the connection's search_path. */
  db: Kysely<DB>;
  pool: pg.Pool;
  schema: string;
  close(): Promise<void>;
}

/**
 * Opens a pool whose connections see only `schema` (then `public` for extensions), so a
 * service's queries are unqualified and can never reach another service's tables by accident.
 */
export function createDatabase<DB = any>(opts: {
  url: string;
  schema: string;
  max?: number;
  applicationName?: string;
}): Database<DB> {
  if (!/^[a-z_][a-z0-9_]*$/.test(opts.schema)) throw new Error(`invalid schema name: ${opts.schema}`);
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    application_name: opts.applicationName ?? opts.schema,
    options: `-c search_path=${opts.schema},public`,
  });
  // An idle client that loses its server (restart, network) emits 'error'; without a listener it kills the process.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    schema: opts.schema,
    close: async () => {
      await db.destroy();
    },
  };
}

/**
 * Brings the service's schema up to date with kysely's Migrator. The Postgres adapter takes
 * a transaction-level advisory lock around the whole run, so replicas starting together
 * apply each migration exactly once.
 */
export async function migrate(database: Database, migrations: Record<string, Migration>): Promise<string[]> {
  await database.db.schema.createSchema(database.schema).ifNotExists().execute();
  const { error, results } = await migratorFor(database, migrations).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(
      `migration ${failed?.migrationName ?? '?'} of schema ${database.schema} failed: ${(error as Error).message ?? error}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of the migrations not applied yet, in order (none applied: all of them). */
export async function pendingMigrations(database: Database, migrations: Record<string, Migration>): Promise<string[]> {
  const known = await migratorFor(database, migrations).getMigrations();
  return known.filter((m) => !m.executedAt).map((m) => m.name);
}

/** The service's migrations, tracked in its own schema. */
function migratorFor(database: Database, migrations: Record<string, Migration>): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  return new Migrator({ db: database.db, provider, migrationTableSchema: database.schema });
}

/** Cheap reachability check for /readyz. */
export async function pingDatabase(database: Database): Promise<void> {
  await database.pool.query('select 1');
}
