import { Placeholder } from '../Placeholder';

export function ResearchPage() {
  return <Placeholder title="Research" />;
}
