import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, TextField } from '../../components/ui';
import { ApiError, api } from '../../lib/api';
import { pluralSeconds, retryAfterOf, useCountdown } from '../../lib/countdown';
import { TRIAL_TOKENS_TEXT } from '../../lib/limits';
import { filterPromoCode, formatPhone } from './inputRules';

export interface RegisterValues {
  name: string;
  email: string;
  cellPhone: string;
  optionalCode: string;
  password: string;
}

const PLAN_NOTE = {
  monthly: 'After verifying your phone you will continue to checkout for the Professional plan, billed monthly.',
  yearly: 'After verifying your phone you will continue to checkout for the Professional plan, billed yearly.',
};

/** A refusal asking for a wait up to this long counts down on the form; longer ones are just said. */
const MAX_COUNTDOWN_SECONDS = 120;

/** Step 1, "Start Your Free Trial" (docs/contract.md#screens). */
export function RegisterForm({
  values,
  onChange,
  plan,
  onRegistered,
}: {
  values: RegisterValues;
  onChange: (v: RegisterValues) => void;
  plan: 'monthly' | 'yearly' | null;
  onRegistered: (token: string, email: string) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // A resubmit within 30 s of the last code is refused with the seconds to wait: they count down
  // here and the submit comes back at 0. Longer waits (the hourly cap) keep the server's message.
  const wait = useCountdown();
  const waiting = wait.seconds > 0;

  // Typing anywhere in the form clears the error message (docs/contract.md#screen-states).
  const set = (field: keyof RegisterValues, value: string) => {
    setError('');
    onChange({ ...values, [field]: value });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const email = values.email.trim();
      const res = await api<{ token?: string; error?: string }>('/api/auth/register', {
        body: {
          name: values.name.trim(),
          email,
          password: values.password,
          cellPhone: values.cellPhone,
          optionalCode: values.optionalCode,
        },
        anonymous: true,
      });
      if (!res.token) throw new ApiError(400, res.error ?? 'Registration failed');
      await onRegistered(res.token, email.toLowerCase());
    } catch (err) {
      const retryAfter = err instanceof ApiError && err.status === 429 ? retryAfterOf(err.body) : null;
      if (retryAfter !== null && retryAfter <= MAX_COUNTDOWN_SECONDS) wait.start(retryAfter);
      else
        setError(
          err instanceof ApiError
            ? err.status === 0
              ? 'Network error'
              : err.message || 'Registration failed'
            : 'Registration failed',
        );
      setBusy(false);
    }
  };

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">Start Your Free Trial</h1>
      <p className="auth-card__subtitle">
        Research your family history with Gene. Your free trial includes {TRIAL_TOKENS_TEXT} tokens, no card required.
      </p>
      {plan && <Alert tone="info">{PLAN_NOTE[plan]}</Alert>}
      <form className="auth-form" onSubmit={submit}>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={(v) => set('name', v)}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(v) => set('email', v)}
        />
        <TextField
          label="Phone Number"
          type="tel"
          name="cellPhone"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder="(555) 123-4567"
          required
          maxLength={14}
          value={values.cellPhone}
          onChange={(v) => set('cellPhone', formatPhone(v))}
          hint="We text you a 6-digit code to verify your account."
        />
        <TextField
          label="Optional Code (Promo)"
          name="optionalCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="PROMO-CODE"
          maxLength={20}
          value={values.optionalCode}
          onChange={(v) => set('optionalCode', filterPromoCode(v))}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={(v) => set('password', v)}
        />
        {error && <Alert tone="error">{error}</Alert>}
        {waiting && (
          <Alert tone="warning">Please wait {pluralSeconds(wait.seconds)} before requesting another code.</Alert>
        )}
        <Button type="submit" block busy={busy} disabled={waiting}>
          {busy ? 'Creating Account...' : 'Start Free Trial'}
        </Button>
      </form>
      <p className="auth-card__switch">
        <Link to="/login">Already have an account? Sign in</Link>
      </p>
    </div>
  );
}
