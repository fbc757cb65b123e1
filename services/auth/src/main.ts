import { runService } from '@gnology/platform/runtime';
import { buildApp } from './app';
import { authEnvSchema } from './config';
import { authJobs } from './jobs';
import { authConsumers } from './events';
import { migrations } from './migrations';

await runService({
  name: 'auth',
  schema: 'auth',
  defaultPort: 8081,
  env: authEnvSchema,
  migrations,
  buildApp,
  jobs: authJobs,
  consumers: authConsumers,
});
