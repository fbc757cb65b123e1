import {
  ACCESS_TOKEN_NAME_MAX,
  type AccessToken,
  type AccessTokenList,
  type CreateAccessTokenBody,
  type CreatedAccessToken,
} from '@gnology/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert, Button, Card, ConfirmDialog, LoadError, Spinner, TextField } from '../../components/ui';
import { ApiError, api } from '../../lib/api';
import './access-tokens.css';

export const ACCESS_TOKENS_KEY = ['auth', 'access-tokens'] as const;

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : null;

/** The auth service's answer to a wrong password, as change-password gives it. */
const WRONG_PASSWORD = 'Current password is incorrect';

const reason = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : fallback;

/**
 * Account → Integrations (issue 18): personal access tokens that let the user's own programs
 * (family-tree software, archives) read their documents. The secret is shown once, just after
 * creation; the list shows a name and the first characters only.
 */
export function AccessTokensPanel() {
  const queryClient = useQueryClient();
  const tokens = useQuery({
    queryKey: ACCESS_TOKENS_KEY,
    queryFn: () => api<AccessTokenList>('/api/auth/access-tokens'),
  });
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  // Issue 29, point 7: a token outlives the session that makes it, so the password is asked again.
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(t);
  }, [copied]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) setNameError('Give the token a name, such as the program that will use it.');
    if (!password) setPasswordError('Enter your current password to create a token.');
    if (!trimmed || !password) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const body: CreateAccessTokenBody = { name: trimmed, scope: 'documents:read', currentPassword: password };
      const res = await api<CreatedAccessToken>('/api/auth/access-tokens', { body });
      setCreated(res);
      setCopied(false);
      setName('');
      setPassword('');
      await queryClient.invalidateQueries({ queryKey: ACCESS_TOKENS_KEY });
    } catch (err) {
      // A wrong password is said at the password field, where it can be put right.
      if (err instanceof ApiError && err.status === 400 && err.message === WRONG_PASSWORD) {
        setPasswordError(`${WRONG_PASSWORD}.`);
        setPassword('');
      } else setError(reason(err, 'The token could not be created. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      setError('The browser did not allow copying. Select the token and copy it.');
    }
  };

  const revoke = async (token: AccessToken) => {
    setError(null);
    try {
      await api(`/api/auth/access-tokens/${encodeURIComponent(token.id)}`, { method: 'DELETE' });
      if (created?.accessToken.id === token.id) setCreated(null);
      setNotice(`“${token.name}” was revoked. Programs using it can no longer read your documents.`);
      await queryClient.invalidateQueries({ queryKey: ACCESS_TOKENS_KEY });
    } catch (err) {
      setError(reason(err, 'The token could not be revoked. Please try again.'));
    }
  };

  const live = tokens.data?.accessTokens.filter((t) => !t.revokedAt) ?? [];

  return (
    <Card title="Integrations" className="access-tokens">
      <p className="access-tokens__lead">
        Personal access tokens let your own programs, such as family-tree software, read your documents and their text
        through the GNology API. A token can only read; it cannot change or delete anything. Keep it secret like a
        password. Changing your password revokes all your tokens.
      </p>

      <form className="access-tokens__form" onSubmit={create} aria-label="Create an access token">
        <TextField
          label="Token name"
          hint="What will use it, so you can tell tokens apart."
          value={name}
          maxLength={ACCESS_TOKEN_NAME_MAX}
          error={nameError}
          disabled={busy}
          onChange={(v) => {
            setName(v);
            setNameError(undefined);
          }}
        />
        <TextField
          label="Current password"
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          hint="Asked again because a token keeps working after you sign out."
          value={password}
          error={passwordError}
          disabled={busy}
          onChange={(v) => {
            setPassword(v);
            setPasswordError(undefined);
          }}
        />
        <Button type="submit" busy={busy} icon={<KeyRound size={16} />}>
          {busy ? 'Creating...' : 'Create token'}
        </Button>
      </form>

      {created && (
        <section className="access-tokens__secret" aria-label="Your new access token">
          <p className="access-tokens__secret-title">
            <strong>{created.accessToken.name}</strong>: copy this token now. You won't see it again.
          </p>
          <div className="access-tokens__secret-row">
            <code className="access-tokens__value" data-testid="new-access-token">
              {created.token}
            </code>
            <Button
              variant="secondary"
              size="sm"
              icon={copied ? <Check size={16} /> : <Copy size={16} />}
              onClick={() => void copy()}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <span className="visually-hidden" role="status">
            {copied ? 'Token copied to the clipboard.' : ''}
          </span>
          <Button variant="ghost" size="sm" onClick={() => setCreated(null)}>
            I have saved it
          </Button>
        </section>
      )}

      {error && <Alert tone="error">{error}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}

      {tokens.isPending && <Spinner label="Loading your access tokens..." />}
      {tokens.isError && (
        <LoadError size="sm" onRetry={() => tokens.refetch()} retrying={tokens.isFetching}>
          Could not load your access tokens.
        </LoadError>
      )}
      {tokens.data && live.length === 0 && <p className="access-tokens__empty">You have no access tokens yet.</p>}
      {live.length > 0 && (
        <ul className="access-tokens__list" aria-label="Your access tokens">
          {live.map((t) => (
            <li key={t.id} className="row-between access-tokens__item">
              <div className="access-tokens__info">
                <span className="access-tokens__name">{t.name}</span>
                <span className="access-tokens__meta">
                  <code>{t.prefix}…</code> · read documents · created {when(t.createdAt)} ·{' '}
                  {t.lastUsedAt ? `last used ${when(t.lastUsedAt)}` : 'never used'}
                </span>
              </div>
              <Button variant="secondary" size="sm" onClick={() => setRevoking(t)} aria-label={`Revoke ${t.name}`}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        title="Revoke access token?"
        subject={revoking}
        onSubjectChange={setRevoking}
        confirmLabel="Revoke"
        onConfirm={(t) => void revoke(t)}
      >
        <p>
          Programs using “{revoking?.name}” will no longer be able to read your documents, within half a minute. This
          cannot be undone.
        </p>
      </ConfirmDialog>
    </Card>
  );
}
