import { Placeholder } from '../Placeholder';

export function FaqPage() {
  return <Placeholder title="Frequently Asked Questions" />;
}
