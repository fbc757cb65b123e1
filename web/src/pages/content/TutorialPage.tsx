import { Placeholder } from '../Placeholder';

export function TutorialPage() {
  return <Placeholder title="Tutorial" />;
}
