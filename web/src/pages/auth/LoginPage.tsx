import { Placeholder } from '../Placeholder';

export function LoginPage() {
  return <Placeholder title="Login" />;
}
