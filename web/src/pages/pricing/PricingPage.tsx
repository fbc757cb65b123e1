import { Placeholder } from '../Placeholder';

export function PricingPage() {
  return <Placeholder title="Pricing" />;
}
