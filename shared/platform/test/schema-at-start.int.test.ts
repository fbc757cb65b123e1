// Migrations in production run once per rollout (ROLE=migrate, a Kubernetes Job) and replicas
// started with MIGRATE_ON_START=false wait for them; embedded and development still migrate.
import { createTestDatabase, type TestDatabase } from '@gnology/testing';
import type { Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, migrate, pendingMigrations } from '../src/db/database';
import { prepareSchema } from '../src/db/schema-at-start';
import { captureLogger } from './fixtures/events-backends';

const migrations: Record<string, Migration> = {
  '0001_people': { up: async (db) => void (await db.schema.createTable('people').addColumn('id', 'text').execute()) },
  '0002_places': { up: async (db) => void (await db.schema.createTable('places').addColumn('id', 'text').execute()) },
};

describe('schema at start', () => {
  let testDb: TestDatabase;
  const open: Database[] = [];
  const database = (schema: string) => {
    const d = createDatabase({ url: testDb.url, schema });
    open.push(d);
    return d;
  };

  beforeAll(async () => {
    testDb = await createTestDatabase('gn_schema_start');
  });
  afterAll(async () => {
    for (const d of open) await d.close();
    await testDb?.drop();
  });

  it('migrates on start by default, so embedded and development need nothing else', async () => {
    const db = database('svc_on_start');
    const { logger, lines } = captureLogger();
    await prepareSchema({ database: db, migrations, logger, migrateOnStart: true, waitMs: 0 });
    expect(await pendingMigrations(db, migrations)).toEqual([]);
    expect(lines.some((l) => l.msg === 'migrations applied')).toBe(true);
  });

  it('without MIGRATE_ON_START a replica changes nothing and gives up naming what is missing', async () => {
    const db = database('svc_no_job');
    const { logger } = captureLogger();
    await expect(
      prepareSchema({ database: db, migrations, logger, migrateOnStart: false, waitMs: 300, pollMs: 50 }),
    ).rejects.toThrow(/missing migrations 0001_people, 0002_places: run the migrations Job/);
    expect(await pendingMigrations(db, migrations)).toEqual(['0001_people', '0002_places']);
  });

  it('a replica waits for the migrations Job and serves once the schema is current', async () => {
    const db = database('svc_wait');
    const { logger, lines } = captureLogger();
    const waiting = prepareSchema({
      database: db,
      migrations,
      logger,
      migrateOnStart: false,
      waitMs: 30_000,
      pollMs: 50,
    });
    let done = false;
    void waiting.then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toBe(false);
    expect(lines.some((l) => l.msg === 'waiting for the migrations Job (MIGRATE_ON_START=false)')).toBe(true);
    // The Job: another connection applies the migrations.
    await migrate(database('svc_wait'), migrations);
    await waiting;
    expect(done).toBe(true);
  });
});
