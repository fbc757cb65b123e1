import { defineJob, type JobDefinition } from '@gnology/platform/jobs/registry';
import { type ResearchDeps, type ResearchPlatformDeps, researchContext } from '../context';
import { runGeneration } from '../use-cases/run-generation';
import { GENERATE_JOB, type GenerateJobData, RESEARCH_QUEUE } from './queue';

/** Background jobs the research service's worker role runs: chapter and book generations. */
export function researchJobs(given: ResearchDeps | ResearchPlatformDeps): JobDefinition[] {
  const deps = researchContext(given);
  return [
    defineJob<GenerateJobData>({
      queue: RESEARCH_QUEUE,
      name: GENERATE_JOB,
      concurrency: deps.config.RESEARCH_CONCURRENCY,
      // The hub tells a running generation at once that its user asked it to stop.
      handler: async (job) => {
        await deps.hub.start();
        return runGeneration(deps, job);
      },
    }),
  ];
}
