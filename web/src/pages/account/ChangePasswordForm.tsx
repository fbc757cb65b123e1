import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert, Button, Card, TextField } from '../../components/ui';
import { ApiError, api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { ACCESS_TOKENS_KEY } from './AccessTokensPanel';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The Security panel: a change-password form that opens and closes (docs/contract.md#screen-states, #validation, #errors). */
export function ChangePasswordForm() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  const set = (name: keyof typeof EMPTY) => (value: string) => setFields((f) => ({ ...f, [name]: value }));

  const reset = () => {
    setFields(EMPTY);
    setError('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setSuccess('');
    if (fields.newPassword !== fields.confirmPassword) return setError('New passwords do not match');
    if (fields.newPassword.length < 6) return setError('New password must be at least 6 characters long');
    setBusy(true);
    try {
      const res = await api<{ success: boolean; message?: string; token?: string }>('/api/users/change-password', {
        body: { currentPassword: fields.currentPassword, newPassword: fields.newPassword },
      });
      // Every other session is now signed out; this one carries on with the new token.
      if (res.token) await session.acceptToken(res.token, session.user ?? undefined);
      // The change revoked every access token (issue 29, point 7): the Integrations list shows it.
      await queryClient.invalidateQueries({ queryKey: ACCESS_TOKENS_KEY });
      reset();
      setOpen(false);
      setSuccess(res.message ?? 'Password changed successfully');
    } catch (err) {
      if (err instanceof ApiError)
        setError(
          err.status === 0
            ? 'An error occurred while changing password'
            : String(err.body.message ?? err.message ?? 'Failed to change password'),
        );
      else setError('An error occurred while changing password');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title="Security"
      actions={
        !open && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setSuccess('');
              setOpen(true);
            }}
          >
            Change Password
          </Button>
        )
      }
    >
      {success && <Alert tone="success">{success}</Alert>}
      {!open && !success && (
        <p className="security__lead">
          Change the password you sign in with. Other devices will be signed out and your access tokens revoked.
        </p>
      )}
      {open && (
        <form className="security__form" onSubmit={submit} aria-label="Change password">
          <TextField
            label="Current Password"
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            required
            value={fields.currentPassword}
            onChange={set('currentPassword')}
          />
          <TextField
            label="New Password"
            type="password"
            name="newPassword"
            autoComplete="new-password"
            required
            value={fields.newPassword}
            onChange={set('newPassword')}
            hint="At least 6 characters."
          />
          <TextField
            label="Confirm New Password"
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={fields.confirmPassword}
            onChange={set('confirmPassword')}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="security__buttons">
            <Button type="submit" busy={busy}>
              {busy ? 'Updating...' : 'Update Password'}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                reset();
                setOpen(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
