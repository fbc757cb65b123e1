import { Placeholder } from '../Placeholder';

export function AboutPage() {
  return <Placeholder title="About GNology" />;
}
