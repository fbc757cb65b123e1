import { Placeholder } from '../Placeholder';

export function DocumentsPage() {
  return <Placeholder title="Documents" />;
}
