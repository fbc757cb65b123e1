import { ButtonLink } from '../../components/ui';
import { useSession } from '../../lib/session';

/** The main call to action of a marketing page: the free trial for visitors, Research for members. */
export function StartCta() {
  const { signedIn } = useSession();
  return signedIn ? (
    <ButtonLink to="/research">Go to Research</ButtonLink>
  ) : (
    <ButtonLink to="/register">Start Your Free Trial</ButtonLink>
  );
}
