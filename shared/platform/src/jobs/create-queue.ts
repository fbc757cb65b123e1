import type { Logger } from '../logger';
import { BullMqJobQueue } from './bullmq-queue';
import { PgBossJobQueue } from './pgboss-queue';
import type { JobQueueTuning } from './tuning';
import type { JobQueue } from './types';

export interface CreateJobQueueOptions extends JobQueueTuning {
  /** Set in production: BullMQ on this Redis. Unset: pg-boss in `databaseUrl` (embedded mode). */
  redisUrl?: string;
  databaseUrl: string;
  logger: Logger;
  /** Key prefix (BullMQ) or queue-name prefix (pg-boss); backend defaults when unset. */
  prefix?: string;
}

/**
 * The one place that picks the jobs backend (docs/architecture.md#infrastructure). pg-boss is started here so
 * a database problem stops the process at boot, not at the first job.
 */
export async function createJobQueue(opts: CreateJobQueueOptions): Promise<JobQueue> {
  const { redisUrl, databaseUrl, ...rest } = opts;
  if (redisUrl) return new BullMqJobQueue({ ...rest, redisUrl });
  const queue = new PgBossJobQueue({ ...rest, databaseUrl });
  await queue.start();
  return queue;
}
