import type { ResearchDeps } from '../app';
import { type Clients, createClients } from '../clients';
import { GenerationHub } from '../live/hub';
import { logProviderChoice, selectProvider } from '../providers/select';
import type { LlmProvider } from '../providers/types';

/** What the research pipeline needs beyond the service deps; one per deps object (one per process). */
export interface ResearchRuntime {
  deps: ResearchDeps;
  provider: LlmProvider;
  hub: GenerationHub;
  clients(requestId?: string): Clients;
}

const runtimes = new WeakMap<ResearchDeps, Promise<ResearchRuntime>>();

export function getRuntime(deps: ResearchDeps): Promise<ResearchRuntime> {
  let r = runtimes.get(deps);
  if (!r) {
    r = (async () => {
      const hub = await new GenerationHub(deps.config.DATABASE_URL, deps.logger).start();
      const provider = selectProvider(deps.config);
      logProviderChoice(provider, deps.logger);
      return { deps, provider, hub, clients: (requestId?: string) => createClients(deps.config, requestId) };
    })();
    runtimes.set(deps, r);
  }
  return r;
}

export async function closeRuntime(deps: ResearchDeps): Promise<void> {
  const r = runtimes.get(deps);
  runtimes.delete(deps);
  if (r) await (await r).hub.close();
}
