import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Migration } from 'kysely';
import { migrate } from '@gnology/platform/db/database';
import { createLogger } from '@gnology/platform/logger';
import { createServiceDeps, type ServiceDeps } from '@gnology/platform/runtime';
import { serviceEnvSchema, type ServiceEnv } from '@gnology/platform/service-env';
import { createTestDatabase, uniqueName } from './infra';
import { createTestSigner, type TestSigner } from './tokens';

export interface TestService extends ServiceDeps {
  signer: TestSigner;
  cleanup(): Promise<void>;
}

/**
 * Real dependencies for a service under test: a fresh database with the service's migrations,
 * and the queue, bus and storage backends the environment selects (Redis/Kafka/S3 when their
 * variables are set, the embedded backends otherwise). Tokens come from a test signer.
 */
export async function createTestService(opts: {
  name: string;
  schema: string;
  migrations: Record<string, Migration>;
  env?: Record<string, string>;
}): Promise<TestService> {
  const testDb = await createTestDatabase(`gn_${opts.name}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), `gn-${opts.name}-`));
  const config: ServiceEnv = serviceEnvSchema.parse({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: testDb.url,
    DATA_DIR: dataDir,
    // A bucket name takes lower-case letters, digits and hyphens only; a database name also takes "_".
    S3_BUCKET: `t-${opts.name.toLowerCase().replace(/[^a-z0-9-]/g, '-')}-${Date.now().toString(36)}`,
    INTERNAL_TOKEN: 'test-internal-token-0123456789',
    // Test files share one Redis: each gets its own queues so no worker takes another's jobs.
    QUEUE_PREFIX: uniqueName('t'),
    ...opts.env,
  });
  const logger = createLogger({ service: opts.name, level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const deps = await createServiceDeps(opts.name, opts.schema, config, logger);
  await migrate(deps.database, opts.migrations);
  const signer = await createTestSigner();
  deps.verifier = signer.verifier;
  return {
    ...deps,
    signer,
    cleanup: async () => {
      await deps.bus.close().catch(() => {});
      await deps.queue.close().catch(() => {});
      await deps.storage.close().catch(() => {});
      await deps.database.close().catch(() => {});
      await testDb.drop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
