import { Placeholder } from '../Placeholder';

export function LandingPage() {
  return <Placeholder title="GNology" />;
}
