import { Placeholder } from '../Placeholder';

export function PrivacyPage() {
  return <Placeholder title="Privacy Policy" />;
}
