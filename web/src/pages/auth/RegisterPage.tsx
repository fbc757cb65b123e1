import { Placeholder } from '../Placeholder';

export function RegisterPage() {
  return <Placeholder title="Start Your Free Trial" />;
}
