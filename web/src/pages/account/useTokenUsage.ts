import type { TokenUsageResponse } from '@gnology/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

export const TOKEN_USAGE_KEY = ['billing', 'token-usage'] as const;

/**
 * GET /api/users/token-usage. Resolves to null when the server has no usage record for the
 * account (the panel's "absent" state). `awaitProfessional` re-reads every 2 s, for about 30 s,
 * until the plan is Professional (back from Stripe Checkout, the webhook may land a moment
 * after the browser).
 */
export function useTokenUsage(awaitProfessional = false) {
  return useQuery({
    queryKey: TOKEN_USAGE_KEY,
    queryFn: async (): Promise<TokenUsageResponse | null> => {
      try {
        const data = await api<TokenUsageResponse>('/api/users/token-usage');
        return typeof data.tokensUsed === 'number' && typeof data.monthlyTokenLimit === 'number' ? data : null;
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
    refetchInterval: (query) =>
      awaitProfessional && query.state.data?.plan !== 'professional' && query.state.dataUpdateCount < 15 ? 2000 : false,
  });
}
