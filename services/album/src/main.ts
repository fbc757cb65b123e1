import { runService } from '@gnology/platform/runtime';
import { buildApp } from './app';
import { albumEnvSchema } from './config';
import { createAlbumContext } from './context';
import { albumConsumers } from './events';
import { ALBUMS_QUEUE } from './jobs/enqueue';
import { MAINTENANCE_QUEUE } from './jobs/sweep';
import { albumJobs } from './jobs';
import { migrations } from './migrations';

await runService({
  name: 'album',
  schema: 'album',
  defaultPort: 8085,
  env: albumEnvSchema,
  migrations,
  queues: [ALBUMS_QUEUE, MAINTENANCE_QUEUE],
  buildApp: (deps) => buildApp(createAlbumContext(deps)),
  jobs: (deps) => albumJobs(createAlbumContext(deps)),
  consumers: (deps) => albumConsumers(createAlbumContext(deps)),
});
