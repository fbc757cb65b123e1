import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, TextField } from '../../components/ui';
import { ApiError, api } from '../../lib/api';
import { retryAfterOf, useCountdown } from '../../lib/countdown';
import type { SessionUser } from '../../lib/session';
import { filterVerificationCode } from './inputRules';

/** The server's minimum between two codes (auth's RESEND_MIN_INTERVAL_MS); a 429 corrects it if it differs. */
const RESEND_INTERVAL_SECONDS = 30;
const CODE_FIELD_ID = 'verification-code';

/** "29 s", or whole minutes for the hourly cap's long wait. */
const waitLabel = (s: number) => (s <= 90 ? `${s} s` : `${Math.ceil(s / 60)} min`);

function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.status === 0 ? 'Network error' : err.message || fallback;
  return fallback;
}

/** Step 2, "Verify Your Phone Number" (docs/contract.md#screens). */
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
  // One call at a time; every button is disabled while it runs (docs/contract.md#screen-states).
  const [action, setAction] = useState<'verify' | 'resend' | null>(null);
  const busy = action !== null;
  const [message, setMessage] = useState('');
  // Resend waits for the server's interval: from step 1 a code was sent a moment ago.
  const cooldown = useCountdown();
  const startCooldown = cooldown.start;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step opens
  useEffect(() => {
    // The code is what the user came to type: its box takes the focus.
    document.getElementById(CODE_FIELD_ID)?.focus();
    if (phone) startCooldown(RESEND_INTERVAL_SECONDS);
  }, []);

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    setAction('verify');
    setMessage('');
    try {
      // Sent with the sign-up session's token (stored at registration or sign-in): only that
      // session may spend the account's tries and resends.
      const res = await api<{ success: boolean; token: string; user: SessionUser }>('/api/auth/verify-phone', {
        body: { email, code },
      });
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
      if (res.success) startCooldown(RESEND_INTERVAL_SECONDS);
    } catch (err) {
      setMessage(messageOf(err, 'Failed to resend code'));
      const retryAfter = err instanceof ApiError && err.status === 429 ? retryAfterOf(err.body) : null;
      if (retryAfter !== null) startCooldown(retryAfter);
    } finally {
      document.getElementById(CODE_FIELD_ID)?.focus();
      setAction(null);
    }
  };

  // A message with the word "sent" is good news (green); anything else is an error (red) — docs/contract.md#screen-states.
  const tone = /sent/i.test(message) ? 'success' : 'error';

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">Verify Your Phone Number</h1>
      <p className="auth-card__subtitle">
        We sent a 6-digit code to {phone ? <strong className="nowrap">{phone}</strong> : 'your phone'}. Enter it below
        to activate your account
        {plan ? ' and continue to checkout' : ''}.
      </p>
      <form className="auth-form" onSubmit={verify}>
        <TextField
          label="Verification Code"
          name="code"
          id={CODE_FIELD_ID}
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
        <Button variant="secondary" onClick={resend} disabled={busy || cooldown.seconds > 0}>
          {action === 'resend'
            ? 'Sending...'
            : cooldown.seconds > 0
              ? `Resend in ${waitLabel(cooldown.seconds)}`
              : 'Resend Code'}
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
