import { env } from '@gnology/platform/config';
import type { ServiceEnv } from '@gnology/platform/service-env';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * Variables of the research service beyond the common ones. The model provider is chosen by
 * what is configured: ANTHROPIC_API_KEY → Anthropic, else OPENAI_BASE_URL → an OpenAI-compatible
 * server (Ollama, vLLM), else the offline engine. LLM_PROVIDER forces one.
 */
export const researchEnvSchema = z.object({
  LLM_PROVIDER: z
    .enum(['anthropic', 'openai', 'offline', ''])
    .optional()
    .transform((v) => (v ? v : undefined)),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: env.optionalUrl(),
  ANTHROPIC_MODEL: z.string().default('claude-sonnet-4-6'),
  OPENAI_BASE_URL: env.optionalUrl(),
  OPENAI_API_KEY: optionalString,
  OPENAI_MODEL: z.string().default('llama3.1'),
  /** How often a long generation's partial text is saved (and pushed to readers), in ms. */
  GENERATION_FLUSH_MS: env.int(1000),
  /** Book and chapter generations a worker runs at once. */
  RESEARCH_CONCURRENCY: env.int(4),
  /** SDK retries of a failed model call (429, 5xx, 529, timeouts) before the user sees the error. */
  LLM_MAX_RETRIES: env.int(2),
  /** Research requests (answers and chapter/book generations) one user may have running at once. */
  RESEARCH_MAX_IN_FLIGHT_PER_USER: env.int(3),
  /** Research requests trial accounts may have running at once from one client address. */
  RESEARCH_MAX_IN_FLIGHT_PER_TRIAL_IP: env.int(6),
});

export type ResearchConfig = ServiceEnv & z.infer<typeof researchEnvSchema>;
