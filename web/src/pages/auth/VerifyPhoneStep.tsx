import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, TextField } from '../../components/ui';
import { ApiError, api } from '../../lib/api';
import type { SessionUser } from '../../lib/session';
import { filterVerificationCode } from './inputRules';

function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.status === 0 ? 'Network error' : err.message || fallback;
  return fallback;
}

/** Step 2, "Verify Your Phone Number" (spec section 2). */
export function VerifyPhoneStep({
  email,
  phone,
  plan,
  onVerified,
  onChangePhone,
}: {
  email: string;
  /** As typed in step 1; empty when the user arrived from the login page. */
  phone: string;
  plan: 'monthly' | 'yearly' | null;
  onVerified: (token: string, user: SessionUser) => Promise<void>;
  onChangePhone: () => void;
}) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  // One call at a time; every button is disabled while it runs (spec section 4).
  const [action, setAction] = useState<'verify' | 'resend' | null>(null);
  const busy = action !== null;
  const [message, setMessage] = useState('');

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    setAction('verify');
    setMessage('');
    try {
      // Sent with the sign-up session's token (stored at registration or sign-in): only that
      // session may spend the account's tries and resends.
      const res = await api<{ success: boolean; token: string; user: SessionUser }>('/api/auth/verify-phone', { body: { email, code } });
      if (!res.success) throw new ApiError(400, 'Verification failed');
      await onVerified(res.token, res.user);
    } catch (err) {
      setMessage(messageOf(err, 'Verification failed'));
      setAction(null);
    }
  };

  const resend = async () => {
    setAction('resend');
    setMessage('');
    try {
      const res = await api<{ success: boolean }>('/api/auth/resend-verification', { body: { email } });
      setMessage(res.success ? 'New verification code sent!' : 'Failed to resend code');
      setCode('');
    } catch (err) {
      setMessage(messageOf(err, 'Failed to resend code'));
    } finally {
      setAction(null);
    }
  };

  // A message with the word "sent" is good news (green); anything else is an error (red) — spec section 4.
  const tone = /sent/i.test(message) ? 'success' : 'error';

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">Verify Your Phone Number</h1>
      <p className="auth-card__subtitle">
        We sent a 6-digit code to {phone ? <strong className="nowrap">{phone}</strong> : 'your phone'}. Enter it below to activate your account
        {plan ? ' and continue to checkout' : ''}.
      </p>
      <form className="auth-form" onSubmit={verify}>
        <TextField
          label="Verification Code"
          name="code"
          className="auth-form__code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          placeholder="123456"
          maxLength={6}
          required
          value={code}
          onChange={(v) => setCode(filterVerificationCode(v))}
        />
        {message && <Alert tone={tone}>{message}</Alert>}
        <Button type="submit" block busy={busy}>
          {action === 'verify' ? 'Verifying...' : 'Verify Phone Number'}
        </Button>
      </form>
      <div className="auth-card__actions">
        <Button variant="secondary" onClick={resend} disabled={busy}>
          {action === 'resend' ? 'Sending...' : 'Resend Code'}
        </Button>
        <Button variant="secondary" onClick={onChangePhone} disabled={busy}>
          Change Phone Number
        </Button>
        <Button variant="ghost" onClick={() => navigate('/login')} disabled={busy}>
          Back to Login
        </Button>
      </div>
    </div>
  );
}
