import { ButtonLink, PageMeta } from '../../components/ui';
import { useSession } from '../../lib/session';
import './errors.css';

/** Any address the route table does not know: said plainly, with the ways back. */
export function NotFoundPage() {
  const session = useSession();
  const signedIn = session.signedIn && Boolean(session.user?.phoneVerified);
  return (
    <main className="status-page" aria-labelledby="not-found-title">
      <PageMeta title="Page not found" description="There is no page at this address." />
      <meta name="robots" content="noindex" />
      <p className="status-page__code">Error 404</p>
      <h1 id="not-found-title">Page not found</h1>
      <p className="status-page__text">
        There is no page at this address. It may have moved, or the link may be mistyped.
      </p>
      <div className="status-page__actions">
        <ButtonLink to="/" variant={signedIn ? 'secondary' : 'primary'}>
          Home
        </ButtonLink>
        {signedIn && <ButtonLink to="/dashboard">Dashboard</ButtonLink>}
      </div>
    </main>
  );
}
