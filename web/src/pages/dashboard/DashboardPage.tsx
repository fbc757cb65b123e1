import { Placeholder } from '../Placeholder';

export function DashboardPage() {
  return <Placeholder title="Dashboard" />;
}
