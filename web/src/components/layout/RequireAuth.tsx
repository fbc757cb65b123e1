import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { FullHeightMessage } from '../ui';

/** Where /login sends the user back to (the page they asked for). */
export interface ReturnTo {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * The route guard of docs/contract.md#screens: "Loading..." at full height while the session loads,
 * then the page, or /login (remembering the page asked for). A signed-in account whose phone
 * is not verified yet goes back to the registration's verification step.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.loading) return <FullHeightMessage>Loading...</FullHeightMessage>;
  // Logout goes to / (docs/contract.md#screens); the page being left must not bounce the user to /login.
  if (!session.signedIn && session.loggedOut) return <Navigate to="/" replace />;
  if (!session.signedIn) {
    const state: ReturnTo = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  if (session.user && !session.user.phoneVerified)
    return <Navigate to="/register" replace state={{ step: 'verify' }} />;
  return <>{children}</>;
}

/** `/`: a signed-in user goes to /research (spec route table); visitors see the landing page. */
export function RedirectSignedIn({ to, children }: { to: string; children: ReactNode }) {
  const session = useSession();
  const { loggedOut, settleLogout } = session;
  useEffect(() => {
    if (loggedOut) settleLogout();
  }, [loggedOut, settleLogout]);
  if (session.loading) return <FullHeightMessage>Loading...</FullHeightMessage>;
  if (session.signedIn && session.user?.phoneVerified) return <Navigate to={to} replace />;
  return <>{children}</>;
}
