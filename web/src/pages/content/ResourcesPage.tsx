import { Placeholder } from '../Placeholder';

export function ResourcesPage() {
  return <Placeholder title="Resources" />;
}
