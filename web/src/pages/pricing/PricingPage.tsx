import { OVERAGE_PRICE_TEXT } from '@gnology/contracts';
import { BookOpen, FileSearch, Scale, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, LoadError, PageHeader, PageMeta, Spinner } from '../../components/ui';
import { useSession } from '../../lib/session';
import { BillingPeriodToggle } from './BillingPeriodToggle';
import { formatTokens, formatUsd } from '../../lib/format';
import { MONTHLY_PRICE_TEXT, PROFESSIONAL_TOKENS_TEXT, TRIAL_TOKENS_TEXT, YEARLY_PRICE_TEXT } from '../../lib/limits';
import type { BillingPeriod } from './format';
import { PlanCard } from './PlanCard';
import { PricingFaq } from './PricingFaq';
import { usePlans } from './usePlans';
import './pricing.css';

const WHY_ICONS = [UserCheck, FileSearch, BookOpen, Scale];

const META = (
  <PageMeta
    title="Pricing"
    description={`GNology plans: a free trial with ${TRIAL_TOKENS_TEXT} tokens, or Professional at ${MONTHLY_PRICE_TEXT} a month (${YEARLY_PRICE_TEXT} a year) with ${PROFESSIONAL_TOKENS_TEXT} tokens a month and overage at ${OVERAGE_PRICE_TEXT}.`}
  />
);

/**
 * /pricing (docs/contract.md#screens): the Monthly/Yearly toggle (monthly first) with the yearly saving,
 * the Free Trial and Professional cards, overage pricing, why choose GNology and an FAQ, all
 * from GET /api/billing/plans.
 */
export function PricingPage() {
  const { signedIn } = useSession();
  const [params] = useSearchParams();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const plans = usePlans();

  if (plans.isPending) {
    return (
      <main className="page pricing-page">
        {META}
        <PageHeader title="Pricing" />
        <Spinner label="Loading plans..." />
      </main>
    );
  }
  if (plans.isError) {
    return (
      <main className="page pricing-page">
        {META}
        <PageHeader title="Pricing" />
        <LoadError retrying={plans.isFetching} onRetry={() => void plans.refetch()}>
          Could not load the plans. Please check your connection and try again.
        </LoadError>
      </main>
    );
  }

  const data = plans.data;
  const listed = data.plans.filter((p) => p.listed);
  const professional = data.plans.find((p) => p.id === 'professional');
  // Signed in: subscribe from the account page; otherwise register first, carrying the period to checkout.
  const ctaFor = (id: string, link: string) => {
    if (id !== 'professional') return link;
    return signedIn ? `/account?subscribe=${period}` : `/register?plan=${period}`;
  };

  return (
    <main className="page pricing-page">
      {META}
      <div className="pricing-page__intro page-stack page-stack--tight">
        <PageHeader
          title="Pricing"
          subtitle="Start with a free trial. Subscribe when Gene has earned a place in your research."
        />
        {params.get('checkout') === 'cancelled' && (
          <Alert tone="info">
            Checkout was cancelled. Nothing was charged; you can subscribe whenever you are ready.
          </Alert>
        )}
        {!data.billingEnabled && (
          <Alert tone="info">
            Plans are free to try on this server: choosing Professional starts it at once, and nothing is charged.
          </Alert>
        )}
      </div>

      <div className="pricing-page__toggle">
        <BillingPeriodToggle value={period} onChange={setPeriod} savingsPercent={data.yearlySavings.percent} />
      </div>

      <div className="pricing-page__plans">
        {listed.map((plan) => (
          <PlanCard key={plan.id} plan={plan} period={period} ctaTo={ctaFor(plan.id, plan.ctaLink)} />
        ))}
      </div>

      {professional?.overage && (
        <section className="pricing-section overage" aria-labelledby="overage-title">
          <h2 id="overage-title">Overage pricing</h2>
          <div className="overage__body">
            <p className="overage__rate">
              <span className="overage__amount">{formatUsd(professional.overage.rate, { cents: true })}</span> per{' '}
              {formatTokens(professional.overage.per)} tokens
            </p>
            <div>
              <p>{professional.overage.description}</p>
              <p className="overage__fine">
                Overage applies to {professional.name} only; the Free Trial stops when its tokens are used. Your account
                page shows your usage as you go.
              </p>
            </div>
          </div>
        </section>
      )}

      <section className="pricing-section" aria-labelledby="why-title">
        <h2 id="why-title">Why family historians choose GNology</h2>
        <ul className="why-grid">
          {data.whyChoose.map((item, i) => {
            const Icon = WHY_ICONS[i % WHY_ICONS.length]!;
            return (
              <li key={item.title} className="why-grid__item">
                <Icon size={24} aria-hidden="true" className="why-grid__icon" />
                <h3>{item.title}</h3>
                <p>{item.body}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="pricing-section" aria-labelledby="faq-title">
        <h2 id="faq-title">Questions about plans and tokens</h2>
        <PricingFaq items={data.faq} />
        <p className="pricing-page__more">
          More answers in the <Link to="/faq">FAQ</Link>.
        </p>
      </section>
    </main>
  );
}
