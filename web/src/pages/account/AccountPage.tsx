import { Placeholder } from '../Placeholder';

export function AccountPage() {
  return <Placeholder title="Account" />;
}
