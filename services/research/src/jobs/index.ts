import { defineJob, type JobDefinition } from '@gnology/platform/jobs/registry';
import { type ResearchDeps, type ResearchPlatformDeps, researchContext } from '../context';
import { compileBook } from '../use-cases/compile-book';
import { runGeneration } from '../use-cases/run-generation';
import { COMPILE_BOOK_JOB, type CompileBookJobData, GENERATE_JOB, type GenerateJobData, RESEARCH_QUEUE } from './queue';

/** Background jobs the research service's worker role runs: chapter and book generations, book compiles. */
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
    defineJob<CompileBookJobData>({
      queue: RESEARCH_QUEUE,
      name: COMPILE_BOOK_JOB,
      // One worker pool per queue: the same concurrency as the generations (the registry's rule).
      concurrency: deps.config.RESEARCH_CONCURRENCY,
      handler: (job) => compileBook(deps, job),
    }),
  ];
}
