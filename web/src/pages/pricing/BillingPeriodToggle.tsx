import { Radio, RadioGroup } from 'react-aria-components';
import type { BillingPeriod } from './format';

/**
 * The Monthly/Yearly switch: a two-option radio group (arrow keys move between them) drawn
 * as a segmented control, with the yearly saving as a badge.
 */
export function BillingPeriodToggle({
  value,
  onChange,
  savingsPercent,
}: {
  value: BillingPeriod;
  onChange(v: BillingPeriod): void;
  savingsPercent: number;
}) {
  return (
    <RadioGroup
      className="period-toggle"
      aria-label="Billing period"
      orientation="horizontal"
      value={value}
      onChange={(v) => onChange(v as BillingPeriod)}
    >
      <Radio className="period-toggle__option" value="monthly">
        Monthly
      </Radio>
      <Radio className="period-toggle__option" value="yearly">
        Yearly
        <span className="period-toggle__badge">Save {savingsPercent}%</span>
      </Radio>
    </RadioGroup>
  );
}
