import { defineJob, type JobDefinition } from '@gnology/platform/jobs/registry';
import type { ResearchDeps } from '../app';
import { GENERATE_JOB, type GenerateJobData, RESEARCH_QUEUE, runGeneration } from '../pipeline/generation';
import { getRuntime } from '../pipeline/runtime';

/** Background jobs the research service's worker role runs: chapter and book generations. */
export function researchJobs(deps: ResearchDeps): JobDefinition[] {
  return [
    defineJob<GenerateJobData>({
      queue: RESEARCH_QUEUE,
      name: GENERATE_JOB,
      concurrency: deps.config.RESEARCH_CONCURRENCY,
      handler: async (job) => runGeneration(await getRuntime(deps), job),
    }),
  ];
}
