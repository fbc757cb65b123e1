import { runService } from '@gnology/platform/runtime';
import { buildApp } from './app';
import { researchEnvSchema } from './config';
import { researchJobs } from './jobs';
import { researchConsumers } from './events';
import { migrations } from './migrations';

await runService({
  name: 'research',
  schema: 'research',
  defaultPort: 8083,
  env: researchEnvSchema,
  migrations,
  queues: ['research'],
  buildApp,
  jobs: researchJobs,
  consumers: researchConsumers,
});
