import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { TRIAL_TOKENS_TEXT } from '../../lib/limits';
import { PENDING_EMAIL_KEY, useSession } from '../../lib/session';
import { planFromQuery } from './inputRules';
import { RegisterForm, type RegisterValues } from './RegisterForm';
import { VerifyPhoneStep } from './VerifyPhoneStep';
import './auth.css';
import { PageMeta } from '../../components/ui';

const EMPTY: RegisterValues = { name: '', email: '', cellPhone: '', optionalCode: '', password: '' };

/**
 * /register (docs/contract.md#screens, #screen-states): the form, then phone verification, then checkout for
 * ?plan=monthly|yearly or /dashboard. Signed-in accounts that are not verified yet land
 * directly on the verification step.
 */
export function RegisterPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const plan = planFromQuery(params.get('plan'));
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const unverifiedUser = session.user && !session.user.phoneVerified ? session.user : null;
  const pendingEmail = localStorage.getItem(PENDING_EMAIL_KEY) ?? unverifiedUser?.email ?? null;
  const wantsVerify = (location.state as { step?: string } | null)?.step === 'verify' || Boolean(unverifiedUser);
  const [step, setStep] = useState<'form' | 'verify'>(wantsVerify && pendingEmail ? 'verify' : 'form');
  const [email, setEmail] = useState<string | null>(pendingEmail);
  const [finishing, setFinishing] = useState(false);

  if (session.loading) return null;
  // Already a verified member (and not in the middle of finishing this sign-up): nothing to do here.
  if (session.signedIn && session.user?.phoneVerified && !finishing) return <Navigate to="/research" replace />;

  const registered = async (token: string, registeredEmail: string) => {
    // The token is stored at once (docs/contract.md#screen-states); the account is unverified until the code.
    localStorage.setItem(PENDING_EMAIL_KEY, registeredEmail);
    setEmail(registeredEmail);
    await session.acceptToken(token);
    setStep('verify');
  };

  const verified = async (token: string, user: Parameters<typeof session.acceptToken>[1]): Promise<void> => {
    setFinishing(true);
    localStorage.removeItem(PENDING_EMAIL_KEY);
    await session.acceptToken(token, user);
    if (plan) {
      try {
        const checkout = await api<{ url: string }>('/api/billing/checkout', { body: { plan } });
        window.location.assign(checkout.url);
        return;
      } catch (err) {
        // The account is ready either way; the plan can be bought later from /pricing or /account.
        console.error('checkout could not start', err);
      }
    }
    navigate('/dashboard', { replace: true });
  };

  return (
    <main className="page auth-page">
      <PageMeta
        title="Start Your Free Trial"
        description={`Create a GNology account: a free trial with ${TRIAL_TOKENS_TEXT} tokens and no card, to research your family history with Gene.`}
      />
      {step === 'form' || !email ? (
        <RegisterForm values={values} onChange={setValues} plan={plan} onRegistered={registered} />
      ) : (
        <VerifyPhoneStep
          email={email}
          phone={values.cellPhone}
          plan={plan}
          onVerified={verified}
          onChangePhone={() => setStep('form')}
        />
      )}
    </main>
  );
}
