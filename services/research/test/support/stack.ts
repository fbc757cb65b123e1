import { buildApp as buildConversationApp } from '@gnology/conversation';
import { startWorkers } from '@gnology/platform/jobs/registry';
import { createTestService, type TestService } from '@gnology/testing';
import type { FastifyInstance } from 'fastify';
import { migrations as conversationMigrations } from '../../../conversation/src/migrations';
import { buildApp } from '../../src/app';
import { type ResearchConfig, researchEnvSchema } from '../../src/config';
import { createResearchContext } from '../../src/context';
import { researchJobs } from '../../src/jobs';
import { migrations } from '../../src/migrations';
import { type FakeBilling, startFakeBilling } from './fake-billing';
import { startFakeDocuments } from './fake-documents';

/**
 * The research service on real infrastructure, with the REAL conversation service beside it
 * (both on loopback) and loopback stand-ins for billing and documents. `env` sets the research
 * variables (provider, flush interval, ...); `opts.billingUrl` points research at a real billing
 * instead of the stand-in (support/real-billing.ts).
 */
export async function startResearchStack(
  env: Record<string, string> = {},
  opts: {
    billingUrl?: string;
    serviceEnv?: Record<string, string>;
    /** Parts of the research context to replace (the book's material): one context then serves the app and the workers. */
    context?: Parameters<typeof createResearchContext>[1];
  } = {},
) {
  const billing: FakeBilling = await startFakeBilling();
  const documents = await startFakeDocuments();
  const conv = await createTestService({
    name: 'conversation',
    schema: 'conversation',
    migrations: conversationMigrations,
  });
  const convApp = await buildConversationApp(conv as never);
  await convApp.listen({ port: 0, host: '127.0.0.1' });
  const conversationUrl = `http://127.0.0.1:${(convApp.server.address() as { port: number }).port}`;

  const svc: TestService = await createTestService({
    name: 'research',
    schema: 'research',
    migrations,
    env: opts.serviceEnv,
  });
  const extras = researchEnvSchema.parse({
    GENERATION_FLUSH_MS: '40',
    LLM_MAX_RETRIES: '0',
    LLM_PROVIDER: 'offline',
    ...env,
  });
  const config: ResearchConfig = {
    ...svc.config,
    ...extras,
    BILLING_URL: opts.billingUrl ?? billing.url,
    DOCUMENTS_URL: documents.url,
    CONVERSATION_URL: conversationUrl,
  };
  const platform = { ...svc, config };
  const deps = opts.context ? createResearchContext(platform, opts.context) : platform;
  const app: FastifyInstance = await buildApp(deps);
  let workers = await startWorkers(deps.queue, researchJobs(deps));

  const token = (id: string) => svc.signer.sign({ id });
  const auth = async (id: string) => ({ authorization: `Bearer ${await conv.signer.sign({ id })}` });
  return {
    app,
    deps,
    svc,
    billing,
    documents,
    conversationApp: convApp,
    conv,
    /** A token both services accept (each test service has its own signer). */
    async tokens(userId: string) {
      return { research: { authorization: `Bearer ${await token(userId)}` }, conversation: await auth(userId) };
    },
    async newConversation(userId: string, title = 'Test conversation') {
      const res = await convApp.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: await auth(userId),
        payload: { title },
      });
      return res.json().id as string;
    },
    async conversation(userId: string, id: string) {
      return (
        await convApp.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: await auth(userId) })
      ).json();
    },
    /** Stops and restarts this process's workers (a worker restart). */
    async restartWorkers() {
      await workers.close();
      workers = await startWorkers(deps.queue, researchJobs(deps));
    },
    async stopWorkers() {
      await workers.close();
    },
    async startWorkers() {
      workers = await startWorkers(deps.queue, researchJobs(deps));
    },
    async close() {
      await workers.close().catch(() => {});
      await app.close();
      await convApp.close();
      await svc.cleanup();
      await conv.cleanup();
      await billing.close();
      await documents.close();
    },
  };
}

export type ResearchStack = Awaited<ReturnType<typeof startResearchStack>>;

/** Reads a server-sent-events body into its events. */
export function parseSse(body: string): { event: string; id?: string; data: Record<string, unknown> }[] {
  return body
    .split('\n\n')
    .map((block) => block.trim())
    .filter((b) => b && !b.startsWith(':'))
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
      const id = lines.find((l) => l.startsWith('id: '))?.slice(4);
      const data = JSON.parse(
        lines
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n') || '{}',
      );
      return { event, id, data };
    });
}
