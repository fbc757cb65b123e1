import type { ResearchConfig } from '../config';
import { AnthropicProvider } from './anthropic';
import { OfflineProvider } from './offline';
import { OpenAiCompatibleProvider } from './openai';
import type { LlmProvider } from '../domain/model';

/** The one place that picks the model provider from the environment (docs/architecture.md#infrastructure). */
export function selectProvider(config: ResearchConfig): LlmProvider {
  const choice =
    config.LLM_PROVIDER ?? (config.ANTHROPIC_API_KEY ? 'anthropic' : config.OPENAI_BASE_URL ? 'openai' : 'offline');
  if (choice === 'anthropic') {
    if (!config.ANTHROPIC_API_KEY) throw new Error('LLM_PROVIDER=anthropic needs ANTHROPIC_API_KEY');
    return new AnthropicProvider({
      apiKey: config.ANTHROPIC_API_KEY,
      baseURL: config.ANTHROPIC_BASE_URL,
      model: config.ANTHROPIC_MODEL,
    });
  }
  if (choice === 'openai') {
    if (!config.OPENAI_BASE_URL) throw new Error('LLM_PROVIDER=openai needs OPENAI_BASE_URL');
    return new OpenAiCompatibleProvider({
      baseURL: config.OPENAI_BASE_URL,
      apiKey: config.OPENAI_API_KEY,
      model: config.OPENAI_MODEL,
    });
  }
  return new OfflineProvider({ chunkDelayMs: config.NODE_ENV === 'test' ? 0 : 12 });
}

/** What the operator reads in the logs when Gene has no model (users read what Gene can do offline in the answer itself). */
export const NO_MODEL_LOG =
  'No AI model is configured: Gene answers offline from the documents users select. Set ANTHROPIC_API_KEY (or OPENAI_BASE_URL for an OpenAI-compatible server) for full research answers; see README, "Research (Gene)".';

/** Logs once, at start, which provider answers; a warning when it is the offline engine. */
export function logProviderChoice(
  provider: LlmProvider,
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
): void {
  if (provider.name === 'offline') logger.warn({ provider: provider.name }, NO_MODEL_LOG);
  else logger.info({ provider: provider.name }, 'Gene answers with a model');
}
