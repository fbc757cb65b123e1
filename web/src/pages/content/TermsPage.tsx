import { OVERAGE_PRICE_TEXT } from '@gnology/contracts';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../components/layout/Layout';
import { MONTHLY_PRICE_TEXT, PROFESSIONAL_TOKENS_TEXT, TRIAL_TOKENS_TEXT, YEARLY_PRICE_TEXT } from '../../lib/limits';
import { type LegalSection, LegalPage } from './LegalPage';

/** The terms' 15 numbered sections (docs/contract.md#screens; the operating company is GNology). */
const SECTIONS: LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    body: (
      <p>
        These Terms of Service are an agreement between you and GNology (“GNology”, “we”, “us”). By creating an account
        or using the GNology website and services (the “Service”), you agree to these Terms. If you do not agree, do not
        use the Service.
      </p>
    ),
  },
  {
    title: 'Description of the Service',
    body: (
      <p>
        GNology is a genealogy research service. It lets you upload documents and photos, extracts text and genealogical
        details from them, and provides Gene, an AI research assistant that answers questions about your research,
        suggests research steps and helps write family history books. It also offers a photo gallery with people
        tagging, printable photo albums, a downloadable research journal, and guidance materials. Features may change as
        the Service develops.
      </p>
    ),
  },
  {
    title: 'Intellectual Property',
    body: (
      <>
        <p>
          You keep all rights in the documents, photos and text you upload (“Your Content”). You grant GNology a limited
          licence to store, process and display Your Content solely to provide the Service to you. You confirm that you
          have the right to upload Your Content.
        </p>
        <p>
          The text Gene writes for you at your request is yours to use, including in books you publish. The GNology
          name, website, software, journal template and guidance materials belong to GNology and may not be copied or
          resold, except that you may print the journal for your own research.
        </p>
      </>
    ),
  },
  {
    title: 'User Accounts and Eligibility',
    body: (
      <>
        <p>
          You must be at least 18 years old to create an account or use the Service. You must give accurate information,
          including a mobile number we can verify, and keep it up to date.
        </p>
        <p>
          You are responsible for keeping your password confidential and for all activity under your account. Tell us at
          once if you believe your account has been used without your permission. One person may not hold several trial
          accounts.
        </p>
      </>
    ),
  },
  {
    title: 'Acceptable Use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>
            upload content you have no right to share, or that is unlawful, defamatory or infringes another person’s
            rights;
          </li>
          <li>
            use the Service to harass, stalk or locate a person against their wishes, or in breach of privacy law;
          </li>
          <li>attempt to reach other users’ data, probe or disrupt the Service, or get around usage limits;</li>
          <li>resell or automate access to the Service, or use it to build a competing service.</li>
        </ul>
        <p>We may remove content or suspend accounts that break these rules.</p>
      </>
    ),
  },
  {
    title: 'Privacy',
    body: (
      <p>
        Our <Link to="/privacy">Privacy Policy</Link> explains what personal data we collect and how we use and protect
        it. By using the Service you acknowledge it. Records about living people deserve particular care: share them
        only where you are entitled to.
      </p>
    ),
  },
  {
    title: 'Subscription and Payment',
    body: (
      <>
        <p>
          The Free Trial includes {TRIAL_TOKENS_TEXT} tokens and requires no card. The Professional plan costs{' '}
          {MONTHLY_PRICE_TEXT} per month, or {YEARLY_PRICE_TEXT} per year, billed in advance, and includes{' '}
          {PROFESSIONAL_TOKENS_TEXT} tokens per month. Use beyond a Professional plan’s monthly tokens is charged
          automatically at {OVERAGE_PRICE_TEXT}. Overage is not available on the Free Trial.
        </p>
        <p>
          Subscriptions renew automatically until cancelled; you may cancel at any time from your account, and
          cancellation takes effect at the end of the current billing period. Card payments are processed by our payment
          provider. Fees are non-refundable except as required by law. We may change prices with notice before your next
          billing period.
        </p>
      </>
    ),
  },
  {
    title: 'Disclaimers',
    body: (
      <>
        <p>
          The Service is provided “as is” and “as available”. Text extraction and Gene’s answers are produced
          automatically and may contain errors, omissions or misreadings. GNology does not guarantee the accuracy,
          completeness or fitness for any purpose of any research result, transcription, citation or written text.
        </p>
        <p>
          GNology does not provide legal, financial or professional advice. Forensic genealogy features (including
          missing heir, DNA and military identification research) support your work only: you are solely responsible for
          verifying all results before relying on them.
        </p>
      </>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <p>
        To the fullest extent the law allows, GNology is not liable for indirect, incidental, special, consequential or
        punitive damages, or for lost profits, data or goodwill, arising from your use of the Service. Our total
        liability for any claim is limited to the amount you paid GNology in the twelve months before the claim arose.
      </p>
    ),
  },
  {
    title: 'Indemnification',
    body: (
      <p>
        You agree to defend and indemnify GNology against claims, losses and costs (including reasonable legal fees)
        arising from Your Content, your use of the Service, or your breach of these Terms or of another person’s rights.
      </p>
    ),
  },
  {
    title: 'Modifications to the Service',
    body: (
      <p>
        We may add, change or remove features of the Service, and may suspend it for maintenance. Where a change
        materially reduces what a paid plan includes, we will tell you in advance.
      </p>
    ),
  },
  {
    title: 'Termination',
    body: (
      <p>
        You may stop using the Service and close your account at any time. We may suspend or end your access if you
        breach these Terms or if required by law. When an account is closed, we delete Your Content as described in the
        Privacy Policy; download anything you want to keep first.
      </p>
    ),
  },
  {
    title: 'Governing Law',
    body: (
      <p>
        These Terms are governed by the laws of the United States and the State of North Carolina, without regard to
        conflict-of-law rules. Any dispute will be brought in the state or federal courts located in North Carolina,
        unless the law of your country of residence gives you the right to bring it elsewhere.
      </p>
    ),
  },
  {
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these Terms. The “Last Updated” date above shows the latest version. If a change is significant,
        we will tell you by e-mail or in the Service before it takes effect. Continuing to use the Service after a
        change means you accept the updated Terms.
      </p>
    ),
  },
  {
    title: 'Contact Information',
    body: (
      <p>
        Questions about these Terms: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

/** /terms (docs/contract.md#screens). */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      description="The terms for using GNology: accounts (18 and over), acceptable use, subscriptions and payment, disclaimers, liability and governing law."
      intro={
        <p>Please read these terms carefully. They set out your rights and responsibilities when you use GNology.</p>
      }
      sections={SECTIONS}
    />
  );
}
