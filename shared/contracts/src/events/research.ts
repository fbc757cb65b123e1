import { z } from 'zod';

/** `research.completed` on gnology.research.v1, keyed by user id. */
export const RESEARCH_COMPLETED = 'research.completed';

const Usage = z.object({ inputTokens: z.number(), outputTokens: z.number(), savedTokens: z.number() });

/**
 * Written through the outbox whenever a research request ends after its reservation: billing
 * settles from it (by `reservationId`, idempotently), so a billing outage delays a charge and
 * never loses it (decision 0085).
 */
export const ResearchCompletedData = z.object({
  requestId: z.string(),
  /** The billing reservation's request id (today the same as requestId). */
  reservationId: z.string().optional(),
  userId: z.string(),
  conversationId: z.string().nullable(),
  generationId: z.string().nullable(),
  requestType: z.enum(['regular', 'chapter', 'book']),
  provider: z.enum(['anthropic', 'openai', 'offline']),
  /** `failed`: the model failed; `charge` is what had streamed by then (zero: nothing is charged). */
  outcome: z.enum(['completed', 'stopped', 'failed']),
  /** What the provider reported (zeros when it reported nothing). */
  usage: Usage,
  /** What billing charges: the provider's usage, or an estimate from the text when it sent none. */
  charge: Usage.optional(),
  /** True when `charge` is an estimate (no usage report from the provider). */
  estimated: z.boolean().optional(),
  durationMs: z.number(),
});
export type ResearchCompletedData = z.infer<typeof ResearchCompletedData>;
