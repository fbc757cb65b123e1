import { runService } from '@gnology/platform/runtime';
import { buildApp } from './app';
import { billingEnvSchema } from './config';
import { billingJobs } from './jobs';
import { billingConsumers } from './events';
import { migrations } from './migrations';

await runService({
  name: 'billing',
  schema: 'billing',
  defaultPort: 8086,
  env: billingEnvSchema,
  migrations,
  queues: ['billing-maintenance'],
  buildApp,
  jobs: billingJobs,
  consumers: billingConsumers,
});
