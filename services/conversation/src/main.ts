import { runService } from '@gnology/platform/runtime';
import { buildApp } from './app';
import { conversationEnvSchema } from './config';
import { createConversationContext } from './context';
import { conversationConsumers } from './events';
import { conversationJobs } from './jobs';
import { migrations } from './migrations';

await runService({
  name: 'conversation',
  schema: 'conversation',
  defaultPort: 8082,
  env: conversationEnvSchema,
  migrations,
  buildApp: (deps) => buildApp(createConversationContext(deps)),
  jobs: (deps) => conversationJobs(createConversationContext(deps)),
  consumers: (deps) => conversationConsumers(createConversationContext(deps)),
});
