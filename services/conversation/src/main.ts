import { runService } from '@gnology/platform/runtime';
import { buildApp } from './app';
import { conversationEnvSchema } from './config';
import { conversationJobs } from './jobs';
import { conversationConsumers } from './events';
import { migrations } from './migrations';

await runService({
  name: 'conversation',
  schema: 'conversation',
  defaultPort: 8082,
  env: conversationEnvSchema,
  migrations,
  buildApp,
  jobs: conversationJobs,
  consumers: conversationConsumers,
});
