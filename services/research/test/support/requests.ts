import { GENE_SYSTEM_PROMPT } from '../../src/domain/prompt';
import type { ProviderRequest } from '../../src/domain/model';

/** A provider request as the pipeline builds it, with test overrides. */
export function pipelineRequestFor(query: string, over: Partial<ProviderRequest> = {}): ProviderRequest {
  return {
    requestType: 'regular',
    system: GENE_SYSTEM_PROMPT,
    documents: [],
    messages: [{ role: 'user', content: query }],
    query,
    maxTokens: 6_000,
    timeoutMs: 180_000,
    maxRetries: 0,
    ...over,
  };
}
