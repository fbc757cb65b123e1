import type { PlansResponse } from '@gnology/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** GET /api/billing/plans: the plans, the yearly saving and the pricing copy (public). */
export function usePlans() {
  return useQuery({
    queryKey: ['billing', 'plans'],
    queryFn: () => api<PlansResponse>('/api/billing/plans', { anonymous: true }),
    staleTime: 5 * 60_000,
  });
}
