import { runService } from '@gnology/platform/runtime';
import { buildApp } from './app';
import { albumEnvSchema } from './config';
import { albumJobs } from './jobs';
import { albumConsumers } from './events';
import { migrations } from './migrations';

await runService({
  name: 'album',
  schema: 'album',
  defaultPort: 8085,
  env: albumEnvSchema,
  migrations,
  buildApp,
  jobs: albumJobs,
  consumers: albumConsumers,
});
