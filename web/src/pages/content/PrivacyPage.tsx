import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../components/layout/Layout';
import { type LegalSection, LegalPage } from './LegalPage';

/** The GDPR legal basis of each use of personal data (docs/contract.md#screens). */
const LEGAL_BASES: [string, string][] = [
  [
    'Creating and running your account, storing and processing your documents, answering your questions',
    'Performance of a contract (Article 6(1)(b))',
  ],
  [
    'Verifying your phone number, preventing fraud and abuse, securing the Service',
    'Legitimate interests (Article 6(1)(f))',
  ],
  ['Billing, tax and accounting records', 'Legal obligation (Article 6(1)(c))'],
  ['Improving the Service from usage and log data', 'Legitimate interests (Article 6(1)(f))'],
  ['Optional e-mails about new features', 'Consent (Article 6(1)(a)), which you may withdraw at any time'],
];

const SECTIONS: LegalSection[] = [
  {
    title: 'Information We Collect',
    body: (
      <>
        <ul>
          <li>
            <strong>Account information:</strong> your name, e-mail address, mobile phone number and password (stored
            only as a secure hash, never in readable form).
          </li>
          <li>
            <strong>Genealogical data:</strong> the names, dates, places, relationships and other family history details
            you enter or that are extracted from your documents, including information about your relatives.
          </li>
          <li>
            <strong>Documents and photos:</strong> the files you upload, the text read from them and the people you tag.
          </li>
          <li>
            <strong>Communication data:</strong> your conversations with Gene and any messages you send us.
          </li>
          <li>
            <strong>Payment information:</strong> handled by our card payment provider; we receive only what we need to
            manage your subscription (such as your plan and its status), never your full card number.
          </li>
          <li>
            <strong>Usage, device and log data:</strong> token usage, pages used, browser and device type, IP address,
            and times of access, kept in server logs; and the data stored in your browser described under Cookies.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>to provide the Service: store and read your documents, answer your questions, write and save your work;</li>
        <li>to verify your phone number, secure your account and prevent abuse;</li>
        <li>to measure token usage, bill your subscription and send receipts;</li>
        <li>to answer support requests and tell you about important changes;</li>
        <li>to understand how the Service is used and improve it.</li>
      </ul>
    ),
  },
  {
    title: 'Legal Basis for Processing (GDPR)',
    body: (
      <>
        <p>If you are in the European Economic Area or the United Kingdom, we rely on these legal bases:</p>
        <div className="table-wrap">
          <table className="table">
            <caption>Legal basis for each purpose</caption>
            <thead>
              <tr>
                <th scope="col">Purpose</th>
                <th scope="col">Legal basis</th>
              </tr>
            </thead>
            <tbody>
              {LEGAL_BASES.map(([purpose, basis]) => (
                <tr key={purpose}>
                  <td>{purpose}</td>
                  <td>{basis}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    ),
  },
  {
    title: 'How We Share Your Information',
    body: (
      <>
        <p>
          We do not sell your personal information. We share it only with service providers who process it for us under
          contract, and only as needed:
        </p>
        <ul>
          <li>
            <strong>An AI processing provider</strong>, which receives anonymized queries: your question and the
            document text needed to answer it, without your name, e-mail or phone number. Your documents may themselves
            contain names of people.
          </li>
          <li>
            <strong>A card payment provider</strong>, which processes subscription payments.
          </li>
          <li>
            <strong>An SMS verification provider</strong>, which sends the verification code to your phone.
          </li>
          <li>
            <strong>A cloud hosting provider</strong>, which runs our servers and stores our data.
          </li>
        </ul>
        <p>
          We may also disclose information where the law requires it, to protect the rights and safety of our users, or
          as part of a sale or merger of GNology.
        </p>
      </>
    ),
  },
  {
    title: 'Data Security',
    body: (
      <p>
        Connections to GNology are encrypted. Passwords are stored as secure hashes. Every document, photo and
        conversation is tied to your account, and no other user can open it. No system is perfectly secure; if a breach
        affects your data, we will tell you as the law requires.
      </p>
    ),
  },
  {
    title: 'Data Retention',
    body: (
      <p>
        We keep your account data, documents and conversations while your account is open. When you delete a document or
        conversation, it is removed from your account; when you close your account, we delete your data, except billing
        records we must keep for tax and accounting law. Copies in backups are removed as the backups are replaced.
      </p>
    ),
  },
  {
    title: 'Your Rights',
    body: (
      <>
        <p>Depending on where you live, you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you;</li>
          <li>correct inaccurate data;</li>
          <li>delete your data;</li>
          <li>receive your data in a portable format;</li>
          <li>restrict how we process it;</li>
          <li>object to processing based on legitimate interests.</li>
        </ul>
        <p>
          These rights are given by the GDPR in Europe and by the California Consumer Privacy Act (CCPA) in California,
          among other laws. To use them, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. You may also
          complain to your data protection authority.
        </p>
      </>
    ),
  },
  {
    title: 'Children’s Privacy',
    body: (
      <p>
        GNology is not for anyone under 18, and we do not knowingly collect personal information from them. If you
        believe a person under 18 has given us personal information, contact us and we will delete it.
      </p>
    ),
  },
  {
    title: 'Cookies and Browser Storage',
    body: (
      <p>
        GNology does not use advertising or tracking cookies. Your browser stores your sign-in session so you stay
        logged in; logging out removes it. Our payment provider may set its own cookies on its checkout pages to prevent
        fraud.
      </p>
    ),
  },
  {
    title: 'International Data Transfers',
    body: (
      <p>
        GNology is based in the United States, and your data may be processed there and in other countries where our
        providers operate. Where data leaves the European Economic Area or the United Kingdom, we rely on safeguards the
        law recognises, such as the European Commission’s Standard Contractual Clauses.
      </p>
    ),
  },
  {
    title: 'California Privacy Rights',
    body: (
      <p>
        If you live in California, you have the right to know what personal information we collect, use and disclose, to
        ask us to delete or correct it, and not to be treated differently for using these rights. We do not sell or
        share personal information for cross-context behavioural advertising. Requests can be made by e-mail; we will
        verify your identity before acting on them.
      </p>
    ),
  },
  {
    title: 'Do Not Track',
    body: (
      <p>
        Some browsers send a “Do Not Track” signal. There is no common standard for responding to it, and GNology does
        not currently honour Do Not Track signals. We do not track you across other websites.
      </p>
    ),
  },
  {
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy. The “Last Updated” date above shows the latest version; if a change is significant,
        we will tell you by e-mail or in the Service before it takes effect. See also our{' '}
        <Link to="/terms">Terms of Service</Link>.
      </p>
    ),
  },
  {
    title: 'Contact Us',
    body: (
      <p>
        Questions or requests about your privacy: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

/** /privacy (docs/contract.md#screens): 14 sections, the GDPR table, the kinds of providers used. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description="How GNology collects, uses, shares and protects your personal and genealogical data, your GDPR and California rights, and how to contact us."
      intro={
        <p>
          This policy explains how GNology handles your personal information when you use our family history research
          service. It applies together with our <Link to="/terms">Terms of Service</Link>.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
