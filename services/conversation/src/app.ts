import { createServiceApp } from '@gnology/platform/http/service-app';
import type { ServiceDeps } from '@gnology/platform/runtime';
import type { FastifyInstance } from 'fastify';
import type { ConversationConfig } from './config';
import { conversationRoutes } from './routes';

export type ConversationDeps = ServiceDeps<ConversationConfig>;

/** The conversation service's HTTP app, built from its dependencies (no globals: tests pass their own). */
export async function buildApp(deps: ConversationDeps): Promise<FastifyInstance> {
  const app = createServiceApp({ name: 'conversation', logger: deps.logger, checks: deps.checks, queue: deps.queue });
  await app.register(conversationRoutes, { deps });
  return app;
}
