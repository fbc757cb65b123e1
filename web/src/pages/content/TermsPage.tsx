import { Placeholder } from '../Placeholder';

export function TermsPage() {
  return <Placeholder title="Terms of Service" />;
}
