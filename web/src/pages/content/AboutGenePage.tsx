import { Placeholder } from '../Placeholder';

export function AboutGenePage() {
  return <Placeholder title="About Gene" />;
}
