import { runService } from '@gnology/platform/runtime';
import { buildApp } from './app';
import { researchEnvSchema } from './config';
import { createResearchContext, type ResearchDeps, type ResearchPlatformDeps } from './context';
import { researchConsumers } from './events';
import { researchJobs } from './jobs';
import { RESEARCH_QUEUE } from './jobs/queue';
import { migrations } from './migrations';

// One context per process, shared by the routes, the jobs and the consumers (one hub, one provider).
let context: ResearchDeps | undefined;
const contextOf = (deps: ResearchPlatformDeps) => (context ??= createResearchContext(deps));

await runService({
  name: 'research',
  schema: 'research',
  defaultPort: 8083,
  env: researchEnvSchema,
  migrations,
  queues: [RESEARCH_QUEUE],
  buildApp: (deps) => buildApp(contextOf(deps)),
  jobs: (deps) => researchJobs(contextOf(deps)),
  consumers: (deps) => researchConsumers(contextOf(deps)),
});
