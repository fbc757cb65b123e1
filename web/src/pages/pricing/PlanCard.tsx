import type { PlanDisplay } from '@gnology/contracts';
import { Check, Minus } from 'lucide-react';
import { useId } from 'react';
import { ButtonLink } from '../../components/ui';
import { formatTokens, formatUsd, yearlyTerms } from '../../lib/format';
import type { BillingPeriod } from './format';

/** One plan on /pricing: name, price for the chosen period, what it includes and its call to action. */
export function PlanCard({ plan, period, ctaTo }: { plan: PlanDisplay; period: BillingPeriod; ctaTo: string }) {
  const titleId = useId();
  const free = plan.monthlyPrice === 0;
  const yearly = period === 'yearly';
  const price = yearly ? plan.yearlyPrice : plan.monthlyPrice;
  const { perMonth: perMonthYearly, saving } = yearlyTerms(plan.monthlyPrice, plan.yearlyPrice);

  return (
    <article className={`plan-card${plan.popular ? ' plan-card--popular' : ''}`} aria-labelledby={titleId}>
      {plan.popular && <p className="plan-card__ribbon">MOST POPULAR</p>}
      <h2 id={titleId} className="plan-card__name">
        {plan.name}
      </h2>
      <p className="plan-card__price">
        {free ? (
          <span className="plan-card__amount">FREE</span>
        ) : (
          <>
            <span className="plan-card__amount">{formatUsd(price)}</span>
            <span className="plan-card__per"> / {yearly ? 'year' : 'month'}</span>
          </>
        )}
      </p>
      <p className="plan-card__note">
        {free
          ? 'No card required'
          : yearly
            ? `About ${formatUsd(perMonthYearly)} a month, billed yearly: you save ${formatUsd(saving)} a year`
            : 'Billed monthly. Cancel at any time'}
      </p>
      <p className="plan-card__tokens">
        <strong>{formatTokens(plan.tokens)}</strong> tokens{free ? '' : ' every month'}
      </p>
      <ul className="plan-card__list" aria-label={`${plan.name} includes`}>
        {plan.features.map((f) => (
          <li key={f}>
            <Check size={18} aria-hidden="true" className="plan-card__icon plan-card__icon--yes" />
            {f}
          </li>
        ))}
      </ul>
      {plan.limitations.length > 0 && (
        <ul className="plan-card__list plan-card__list--limits" aria-label={`${plan.name} limitations`}>
          {plan.limitations.map((l) => (
            <li key={l}>
              <Minus size={18} aria-hidden="true" className="plan-card__icon" />
              {l}
            </li>
          ))}
        </ul>
      )}
      <ButtonLink to={ctaTo} variant={plan.popular ? 'primary' : 'secondary'} block className="plan-card__cta">
        {plan.ctaText}
      </ButtonLink>
    </article>
  );
}
