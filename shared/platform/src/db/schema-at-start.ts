import { setTimeout as sleep } from 'node:timers/promises';
import type { Migration } from 'kysely';
import type { Logger } from '../logger';
import { type Database, migrate, pendingMigrations } from './database';

export interface SchemaAtStartOptions {
  database: Database;
  migrations: Record<string, Migration>;
  logger: Logger;
  /** Apply the migrations here (embedded, development) or leave them to the migrations Job. */
  migrateOnStart: boolean;
  /** How long a service that does not migrate waits for the Job before it gives up. */
  waitMs: number;
  pollMs?: number;
}

/**
 * Brings the schema to the version this build expects before a service serves. In production
 * one Job per rollout migrates (ROLE=migrate) and the replicas only wait for it, so ten replicas
 * starting at once do not queue on the migrator's lock and a failed migration stops the rollout
 * in one place (docs/ops/deploy.md).
 */
export async function prepareSchema(opts: SchemaAtStartOptions): Promise<void> {
  const { database, migrations, logger } = opts;
  if (opts.migrateOnStart) {
    const applied = await migrate(database, migrations);
    if (applied.length) logger.info({ applied }, 'migrations applied');
    return;
  }
  const deadline = Date.now() + opts.waitMs;
  let said = false;
  for (;;) {
    const pending = await pendingMigrations(database, migrations);
    if (pending.length === 0) return;
    if (Date.now() >= deadline) {
      throw new Error(
        `schema ${database.schema} is missing migrations ${pending.join(', ')}: run the migrations Job (ROLE=migrate) or set MIGRATE_ON_START=true`,
      );
    }
    if (!said) logger.info({ pending }, 'waiting for the migrations Job (MIGRATE_ON_START=false)');
    said = true;
    await sleep(opts.pollMs ?? 2_000);
  }
}
