import { OVERAGE_PRICE_TEXT, type PortalResponse, type TokenUsageResponse } from '@gnology/contracts';
import { ExternalLink, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, ButtonLink, Card, LoadError, Spinner } from '../../components/ui';
import { ApiError, api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { formatTokens, formatUsd } from '../../lib/format';
import { formatDate, isBillingPeriod } from '../pricing/format';
import { SubscribeOffer } from './SubscribeOffer';
import { isWarning, usagePercent } from './usage';
import { useTokenUsage } from './useTokenUsage';
import './token-usage.css';

/**
 * The account page's Token Usage panel (docs/contract.md#screens, #screen-states, #constants): loading, error, loaded and
 * absent states; used / limit with a bar capped at 100% that turns amber with a notice above
 * 80%; the plan and its period; Upgrade, or Manage subscription for subscribers.
 */
export function TokenUsagePanel() {
  const [params] = useSearchParams();
  const checkout = params.get('checkout');
  const subscribe = params.get('subscribe');
  const usage = useTokenUsage(checkout === 'success' && params.get('billing') !== 'off');
  const data = usage.data;
  useSessionPlanCatchUp(data?.plan);

  return (
    <Card title="Token Usage" className="token-usage">
      {checkout === 'success' && (
        <CheckoutNotice billingOff={params.get('billing') === 'off'} confirmed={data?.plan === 'professional'} />
      )}
      {usage.isPending ? (
        <Spinner label="Loading token usage..." />
      ) : usage.isError ? (
        <LoadError size="sm" retrying={usage.isFetching} onRetry={() => void usage.refetch()}>
          Could not load token usage data
        </LoadError>
      ) : data ? (
        <>
          {/* Arrived from the pricing page's Subscribe Now: the offer comes first. */}
          {isBillingPeriod(subscribe) && checkout !== 'success' && <SubscribeOffer period={subscribe} usage={data} />}
          <UsageDetails data={data} />
        </>
      ) : (
        <p className="token-usage__absent">
          No token usage to show yet. Your usage appears here after your first research session with Gene.
        </p>
      )}
    </Card>
  );
}

/**
 * The plan shown elsewhere on the page comes from the auth service, which learns of a plan
 * change by event a moment after billing applies it: re-read the user until they agree (~15 s).
 */
function useSessionPlanCatchUp(billingPlan: string | undefined) {
  const { user, refreshUser } = useSession();
  const sessionPlan = user?.subscription?.plan;
  useEffect(() => {
    if (!billingPlan || !sessionPlan || billingPlan === sessionPlan) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      if (tries >= 10) clearInterval(timer);
      void refreshUser();
    }, 1500);
    return () => clearInterval(timer);
  }, [billingPlan, sessionPlan, refreshUser]);
}

function CheckoutNotice({ billingOff, confirmed }: { billingOff: boolean; confirmed: boolean }) {
  if (billingOff) {
    return (
      <Alert tone="success">
        Professional is now active. Plans are free to try on this server, so nothing was charged.
      </Alert>
    );
  }
  if (confirmed) return <Alert tone="success">Thank you. Your Professional subscription is active.</Alert>;
  return (
    <Alert tone="info">
      Thank you. Your payment went through; Professional becomes active as soon as the payment provider confirms it.
    </Alert>
  );
}

function planLine(d: TokenUsageResponse): string {
  const end = d.periodEnd ? formatDate(d.periodEnd) : null;
  switch (d.status) {
    case 'trial_ended':
      return 'Your free trial has ended.';
    case 'cancelling':
      return d.accessUntil
        ? `Cancelled: your access continues until ${formatDate(d.accessUntil)}.`
        : 'Cancelled at the end of this period.';
    case 'inactive':
      return 'No active subscription.';
    default:
      if (d.plan === 'trial')
        return end ? `Your free trial runs until ${end}, or until its tokens are used.` : 'Free trial.';
      return end ? `Tokens renew on ${end}. Unused tokens do not roll over.` : 'Active.';
  }
}

function UsageDetails({ data: d }: { data: TokenUsageResponse }) {
  const percent = usagePercent(d.tokensUsed, d.monthlyTokenLimit);
  const warning = isWarning(d.tokensUsed, d.monthlyTokenLimit);
  const allUsed = d.monthlyTokenLimit > 0 ? d.tokensUsed >= d.monthlyTokenLimit : true;
  const subscriber = d.plan === 'professional';
  const b = d.breakdown;

  return (
    <div className="token-usage__body">
      <div className="token-usage__plan">
        <span className="plan-badge">{d.planName}</span>
        {d.billingInterval && subscriber && <span className="token-usage__interval">Billed {d.billingInterval}</span>}
        <p className="token-usage__plan-line">{planLine(d)}</p>
      </div>

      <p className="token-usage__figures">
        <span className="token-usage__used">{formatTokens(d.tokensUsed)}</span>
        <span className="token-usage__of"> of {formatTokens(d.monthlyTokenLimit)} tokens used</span>
      </p>
      <div
        className={`usage-bar${warning ? ' usage-bar--warning' : ''}`}
        role="progressbar"
        aria-label="Token usage"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% of your tokens used`}
      >
        <div className="usage-bar__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="token-usage__summary">
        <span>{percent}% used</span>
        <span>{formatTokens(d.remaining)} remaining</span>
      </p>

      {warning && (
        <Alert tone="warning" className="token-usage__notice">
          {allUsed
            ? 'You have used all of your tokens for this period.'
            : `You have used ${percent}% of your tokens for this period.`}{' '}
          {subscriber
            ? `Research continues beyond your allowance at ${OVERAGE_PRICE_TEXT}, charged automatically.`
            : d.plan === 'trial'
              ? 'Upgrade to Professional to keep researching with Gene.'
              : ''}
        </Alert>
      )}

      <dl className="token-usage__facts">
        <div>
          <dt>Period</dt>
          <dd>
            {d.periodEnd
              ? `${formatDate(d.periodStart)} – ${formatDate(d.periodEnd)}`
              : `Since ${formatDate(d.periodStart)}`}
          </dd>
        </div>
        <div>
          <dt>Research requests</dt>
          <dd>{formatTokens(b.requests)}</dd>
        </div>
        <div>
          <dt>Input / output</dt>
          <dd>
            {formatTokens(b.input)} / {formatTokens(b.output)}
          </dd>
        </div>
        <div>
          <dt>Saved by reuse</dt>
          <dd>
            {formatTokens(b.saved)} ({b.savingsPercentage}%)
          </dd>
        </div>
        {b.reserved > 0 && (
          <div>
            <dt>Held for running requests</dt>
            <dd>{formatTokens(b.reserved)}</dd>
          </div>
        )}
        {(subscriber || b.overageTokens > 0) && (
          <div>
            <dt>Overage this period</dt>
            <dd>
              {formatTokens(b.overageTokens)} tokens ({formatUsd(b.overageCost, { cents: true })})
            </dd>
          </div>
        )}
      </dl>

      <PlanActions data={d} />
    </div>
  );
}

function PlanActions({ data: d }: { data: TokenUsageResponse }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const subscriber = d.plan === 'professional';

  async function manage() {
    setBusy(true);
    setMessage(null);
    try {
      const res = await api<PortalResponse>('/api/billing/portal', { method: 'POST' });
      window.location.assign(res.url);
    } catch (e) {
      const billingOff = e instanceof ApiError && e.body.billingEnabled === false;
      setMessage({
        tone: billingOff ? 'info' : 'error',
        text: e instanceof ApiError ? e.message : 'Could not open subscription management. Please try again.',
      });
      setBusy(false);
    }
  }

  return (
    <div className="token-usage__actions">
      {subscriber ? (
        <>
          <Button variant="secondary" onClick={() => void manage()} busy={busy} icon={<ExternalLink size={18} />}>
            {busy ? 'Opening...' : 'Manage subscription'}
          </Button>
          {!d.billingEnabled && (
            <p className="token-usage__fine">
              Plans are free to try on this server: your plan was applied without charge.
            </p>
          )}
        </>
      ) : (
        <ButtonLink to="/pricing" icon={<Sparkles size={18} />}>
          Upgrade
        </ButtonLink>
      )}
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </div>
  );
}
