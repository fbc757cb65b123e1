import { runService } from '@gnology/platform/runtime';
import { buildApp } from './app';
import { documentsEnvSchema } from './config';
import { documentsJobs } from './jobs';
import { documentsConsumers } from './events';
import { migrations } from './migrations';

await runService({
  name: 'documents',
  schema: 'documents',
  defaultPort: 8084,
  env: documentsEnvSchema,
  migrations,
  queues: ['documents'],
  buildApp,
  jobs: documentsJobs,
  consumers: documentsConsumers,
});
