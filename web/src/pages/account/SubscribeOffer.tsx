import type { CheckoutResponse, TokenUsageResponse } from '@gnology/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button } from '../../components/ui';
import { ApiError, api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { formatUsd } from '../../lib/format';
import { PROFESSIONAL_TOKENS_TEXT } from '../../lib/limits';
import type { BillingPeriod } from '../pricing/format';
import { usePlans } from '../pricing/usePlans';
import { TOKEN_USAGE_KEY } from './useTokenUsage';

/**
 * Shown on /account?subscribe=monthly|yearly (the pricing page's Subscribe Now for a signed-in
 * user): the chosen plan and a button to checkout. With billing off the plan applies at once.
 */
export function SubscribeOffer({ period, usage }: { period: BillingPeriod; usage: TokenUsageResponse }) {
  const plans = usePlans();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refreshUser } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const professional = plans.data?.plans.find((p) => p.id === 'professional');

  if (usage.plan === 'professional' && usage.status !== 'cancelling') {
    return <Alert tone="info">You already subscribe to Professional.</Alert>;
  }

  const price = professional
    ? period === 'yearly'
      ? `${formatUsd(professional.yearlyPrice)} a year`
      : `${formatUsd(professional.monthlyPrice)} a month`
    : null;

  async function checkout() {
    setBusy(true);
    setError(null);
    try {
      const res = await api<CheckoutResponse>('/api/billing/checkout', { body: { plan: period } });
      if (res.url.startsWith('/')) {
        // Billing off: the plan is already applied; show it here.
        await queryClient.invalidateQueries({ queryKey: TOKEN_USAGE_KEY });
        await refreshUser();
        navigate(res.url, { replace: true });
      } else {
        window.location.assign(res.url);
      }
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Could not start checkout. Please try again.');
      setBusy(false);
    }
  }

  return (
    <div className="subscribe-offer">
      <h3 className="subscribe-offer__title">
        Subscribe to Professional{period === 'yearly' ? ', billed yearly' : ', billed monthly'}
      </h3>
      <p className="subscribe-offer__text">
        {PROFESSIONAL_TOKENS_TEXT} tokens every month{price ? ` for ${price}` : ''}. Tokens reset each month; cancel at
        any time.
        {usage.billingEnabled
          ? ' You will enter your card on our payment provider’s secure page.'
          : ' Plans are free to try on this server, so nothing will be charged.'}
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <Button onClick={() => void checkout()} busy={busy} icon={<CreditCard size={18} />}>
        {busy ? 'Starting checkout...' : usage.billingEnabled ? 'Continue to checkout' : 'Switch to Professional'}
      </Button>
    </div>
  );
}
