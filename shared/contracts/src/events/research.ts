import { z } from 'zod';

/** `research.completed` on gnology.research.v1, keyed by user id. */
export const RESEARCH_COMPLETED = 'research.completed';

export const ResearchCompletedData = z.object({
  requestId: z.string(),
  userId: z.string(),
  conversationId: z.string().nullable(),
  generationId: z.string().nullable(),
  requestType: z.enum(['regular', 'chapter', 'book']),
  provider: z.enum(['anthropic', 'openai', 'offline']),
  outcome: z.enum(['completed', 'stopped']),
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number(), savedTokens: z.number() }),
  durationMs: z.number(),
});
export type ResearchCompletedData = z.infer<typeof ResearchCompletedData>;
