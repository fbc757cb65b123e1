import type { ServiceDeps } from '@gnology/platform/runtime';
import { type Clients, createClients } from './clients';
import { type BookMaterialRequest, fetchBookMaterial } from './clients/book-material';
import type { ResearchConfig } from './config';
import type { BookMaterial } from './domain/book-material';
import type { LlmProvider } from './domain/model';
import { GenerationHub } from './live/hub';
import { ReservationHints } from './live/reservation-hints';
import { logProviderChoice, selectProvider } from './providers/select';

/** What the platform gives every service, over the research configuration. */
export type ResearchPlatformDeps = ServiceDeps<ResearchConfig>;

/**
 * What the research service's routes, use cases and jobs use: the platform's dependencies, the
 * model provider chosen from the environment, the hub that wakes readers of a generation, and the
 * calls to the other services (each carrying the HTTP request id it serves, for the logs).
 */
export type ResearchDeps = ResearchPlatformDeps & {
  provider: LlmProvider;
  hub: GenerationHub;
  clients(httpRequestId?: string): Clients;
  /** Which requests reserve beside their reads (decision 0206): this process's memory of prompts longer than the question. */
  reservationHints: ReservationHints;
  /** A book's material from the documents service (issue 33); tests may pass their own. */
  bookMaterial(req: BookMaterialRequest, opts?: { requestId?: string; signal?: AbortSignal }): Promise<BookMaterial>;
};

/**
 * Adds the research service's own pieces to the platform's dependencies. Built once per process
 * by main.ts and passed explicitly; the hub opens its LISTEN connection when first used, and the
 * app closes it (tests may pass their own provider).
 */
export function createResearchContext(
  deps: ResearchPlatformDeps,
  overrides: { provider?: LlmProvider; bookMaterial?: ResearchDeps['bookMaterial'] } = {},
): ResearchDeps {
  const provider = overrides.provider ?? selectProvider(deps.config);
  logProviderChoice(provider, deps.logger);
  return {
    ...deps,
    provider,
    hub: new GenerationHub(deps.config.DATABASE_URL, deps.logger),
    clients: (httpRequestId?: string) => createClients(deps.config, httpRequestId),
    reservationHints: new ReservationHints(),
    bookMaterial: overrides.bookMaterial ?? ((req, opts) => fetchBookMaterial(deps.config, req, opts)),
  };
}

/** The context itself, or one built for the platform's dependencies (tests and tools pass those). */
export function researchContext(deps: ResearchPlatformDeps | ResearchDeps): ResearchDeps {
  return 'hub' in deps && 'provider' in deps ? deps : createResearchContext(deps);
}
