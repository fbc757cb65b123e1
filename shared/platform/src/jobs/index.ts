export type { EnqueueOptions, JobContext, JobHandler, JobQueue, JobState, JobStatus, WorkerHandle } from './types';
export type { JobQueueTuning } from './tuning';
export { createJobQueue, type CreateJobQueueOptions } from './create-queue';
export { BullMqJobQueue, createBullMqJobQueue, type BullMqJobQueueOptions } from './bullmq-queue';
export {
  PgBossJobQueue,
  createPgBossJobQueue,
  pgBossJobId,
  PGBOSS_SCHEMA,
  type PgBossJobQueueOptions,
} from './pgboss-queue';
export {
  defineJob,
  defineJobs,
  startWorkers,
  type JobDefinition,
  type RunningWorkers,
  type StartWorkersOptions,
} from './registry';
export { assertJobId, assertQueueName } from './naming';
