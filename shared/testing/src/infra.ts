import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Integration suites need real servers. `npm test` (scripts/test.mjs) starts them and exports
 * their addresses; run on its own, a suite fails loudly naming what is missing, never skips.
 */
export type InfraVar = 'DATABASE_URL' | 'REDIS_URL' | 'KAFKA_BROKERS' | 'S3_ENDPOINT';

const HOW: Record<InfraVar, string> = {
  DATABASE_URL: 'a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test',
  REDIS_URL: 'a Redis server, e.g. redis://127.0.0.1:6379',
  KAFKA_BROKERS: 'a Kafka broker, e.g. 127.0.0.1:19092',
  S3_ENDPOINT: 'an S3-protocol server, e.g. http://127.0.0.1:19000 (with S3_ACCESS_KEY and S3_SECRET_KEY)',
};

export function requireInfra(name: InfraVar): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: this suite needs ${HOW[name]}. Run it through \`npm test\`, which starts the test infrastructure.`,
    );
  }
  return value;
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A fresh database per test file, so suites run in parallel without seeing each other's rows.
 * Extensions the services use are created up front (CREATE EXTENSION needs a superuser).
 */
export async function createTestDatabase(prefix = 'gn_test'): Promise<TestDatabase> {
  const baseUrl = requireInfra('DATABASE_URL');
  const name = uniqueName(prefix).toLowerCase();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(baseUrl, name);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      'create extension if not exists pg_trgm; create extension if not exists unaccent; create extension if not exists btree_gin;',
    );
  } finally {
    await c.end();
  }
  return {
    url,
    name,
    drop: async () => {
      const a = new pg.Client({ connectionString: baseUrl });
      await a.connect();
      try {
        await a.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await a.end();
      }
    },
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
