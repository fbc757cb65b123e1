import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink } from '../../components/ui';
import { NotFoundPage } from './NotFoundPage';
import './errors.css';

/**
 * The router's errorElement: a page that threw while rendering (or whose code failed to load,
 * as after a deploy) shows this instead of the router's developer screen. Retry reloads the page,
 * which fetches the current build. Part of the entry chunk, so it shows even when chunks fail.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // The details are for developers (the console), never the page.
  console.error('page error', error);
  return (
    <main className="status-page" aria-labelledby="route-error-title">
      <title>Something went wrong | GNology</title>
      {/* The spec's words for the router fallback, as the small line above the heading. */}
      <p className="status-page__code">Unexpected Application Error!</p>
      <h1 id="route-error-title">Something went wrong</h1>
      <p className="status-page__text">This page could not be shown. Try again, or go back home.</p>
      <div className="status-page__actions">
        <Button onClick={() => window.location.reload()}>Retry</Button>
        <ButtonLink to="/" variant="secondary" reloadDocument>
          Home
        </ButtonLink>
      </div>
    </main>
  );
}
