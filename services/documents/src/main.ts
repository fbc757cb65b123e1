import { runService } from '@gnology/platform/runtime';
import { buildApp } from './app';
import { documentsEnvSchema } from './config';
import { createDocumentsContext } from './context';
import { documentsJobs } from './jobs';
import { DOCUMENTS_QUEUES } from './library/jobs/enqueue';
import { IMPORT_QUEUE } from './people/jobs/gedcom-import-job';
import { MAINTENANCE_QUEUE } from './library/jobs/sweep';
import { documentsConsumers } from './events';
import { migrations } from './migrations';

await runService({
  name: 'documents',
  schema: 'documents',
  defaultPort: 8084,
  env: documentsEnvSchema,
  migrations,
  queues: [...DOCUMENTS_QUEUES, MAINTENANCE_QUEUE, IMPORT_QUEUE],
  buildApp: (deps) => buildApp(createDocumentsContext(deps)),
  jobs: (deps) => documentsJobs(createDocumentsContext(deps)),
  consumers: (deps) => documentsConsumers(createDocumentsContext(deps)),
});
