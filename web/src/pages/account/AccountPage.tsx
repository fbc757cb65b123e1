import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Alert, Card, PageHeader } from '../../components/ui';
import { useSession } from '../../lib/session';
import { AccessTokensPanel } from './AccessTokensPanel';
import { ChangePasswordForm } from './ChangePasswordForm';
import { OcrSettingsPanel } from './OcrSettingsPanel';
import { TokenUsagePanel } from './TokenUsagePanel';
import './account.css';

const PLAN_NAMES: Record<string, string> = {
  trial: 'Trial',
  professional: 'Professional',
  test: 'Test',
  basic: 'Basic',
};

/** Known plans by name; anything else is "Unknown" (docs/contract.md#entities). */
export function planName(plan: string | undefined | null): string {
  return (plan && PLAN_NAMES[plan]) || 'Unknown';
}

/** /account (docs/contract.md#screens): token usage, account information, the languages documents are read in, security, integrations (access tokens, issue 18), a link back to research. */
export function AccountPage() {
  const session = useSession();
  const { refreshUser } = session;
  const user = session.user!;

  // The plan changes when billing says so: read the account afresh on each visit.
  useEffect(() => {
    void refreshUser();
  }, [refreshUser]);

  return (
    <main className="page account-page">
      <PageHeader title="Account" subtitle="Your plan, usage and sign-in settings." />
      <div className="account-page__panels">
        <TokenUsagePanel />
        <Card title="Account Information">
          <dl className="account-info">
            <div className="account-info__row">
              <dt>Name</dt>
              <dd>{user.name || <span className="account-info__empty">Not set</span>}</dd>
            </div>
            <div className="account-info__row">
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
            <div className="account-info__row">
              <dt>Plan</dt>
              <dd>
                <span className="plan-badge">{planName(user.subscription?.plan)}</span>
              </dd>
            </div>
          </dl>
          {user.subscription?.trialNotice && <Alert tone="info">{user.subscription.trialNotice}</Alert>}
        </Card>
        <OcrSettingsPanel />
        <ChangePasswordForm />
        <AccessTokensPanel />
      </div>
      <p className="account-page__back">
        <Link to="/research">
          <ArrowLeft size={16} aria-hidden="true" />
          Back to Research
        </Link>
      </p>
    </main>
  );
}
