import { type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { ReturnTo } from '../../components/layout/RequireAuth';
import { Alert, Button, PageMeta, TextField } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { PENDING_EMAIL_KEY, useSession } from '../../lib/session';
import './auth.css';

/** /login (docs/contract.md#screens): e-mail and password; success goes to /research or the page asked for. */
export function LoginPage() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { clearNotice } = session;

  // The "Session expired" notice belongs to this visit of the page only.
  useEffect(() => clearNotice, [clearNotice]);

  // A verified member has nothing to do here. (An account still waiting for its code may sign in again.)
  if (session.signedIn && session.user?.phoneVerified) {
    const from = (location.state as ReturnTo | null)?.from;
    return <Navigate to={from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '/research'} replace />;
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const user = await session.login(email.trim(), password);
      if (!user.phoneVerified) {
        // Signed in but not verified: back to the registration's code step (spec, issue 3).
        localStorage.setItem(PENDING_EMAIL_KEY, user.email);
        navigate('/register', { state: { step: 'verify' } });
      }
    } catch (err) {
      setError(
        err instanceof ApiError ? (err.status === 0 ? 'Network error' : err.message || 'Login failed') : 'Login failed',
      );
      setBusy(false);
    }
  };

  return (
    <main className="page auth-page">
      <PageMeta title="Log In" description="Log in to GNology to continue your family history research with Gene." />
      <div className="auth-card">
        <h1 className="auth-card__title">Welcome back</h1>
        <p className="auth-card__subtitle">Log in to continue your research with Gene.</p>
        {session.notice && <Alert tone="info">{session.notice}</Alert>}
        <form className="auth-form" onSubmit={submit}>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={setEmail}
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={setPassword}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <Button type="submit" block busy={busy}>
            {busy ? 'Logging in...' : 'Login'}
          </Button>
        </form>
        <p className="auth-card__switch">
          Don&apos;t have an account? <Link to="/register">Sign up</Link>
        </p>
      </div>
    </main>
  );
}
