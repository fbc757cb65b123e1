import { createServiceApp } from '@gnology/platform/http/service-app';
import type { ServiceDeps } from '@gnology/platform/runtime';
import type { FastifyInstance } from 'fastify';
import type { ConversationConfig } from './config';
import { type ConversationDeps, createConversationContext } from './context';
import { conversationRoutes } from './routes';

export type { ConversationDeps } from './context';

/**
 * The conversation service's HTTP app, built from its dependencies (no globals: tests pass their
 * own). The platform's dependencies alone are completed here, so callers that start the service
 * beside theirs (research's tests) need not know its context.
 */
export async function buildApp(deps: ServiceDeps<ConversationConfig> | ConversationDeps): Promise<FastifyInstance> {
  const context = createConversationContext(deps);
  const app = createServiceApp({
    name: 'conversation',
    logger: context.logger,
    checks: context.checks,
    queue: context.queue,
  });
  await app.register(conversationRoutes, { deps: context });
  return app;
}
