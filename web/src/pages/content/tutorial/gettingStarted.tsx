import { Link } from 'react-router';
import { TRIAL_TOKENS_TEXT, UPLOAD_LIMIT_MB } from '../../../lib/limits';
import type { TutorialSection } from './tutorialSection';

export const gettingStarted: TutorialSection = {
  id: 'getting-started',
  title: 'Getting started',
  body: (
    <>
      <ol>
        <li>
          <strong>Create your account.</strong> <Link to="/register">Sign up</Link> with your name, e-mail, mobile
          number and a password, then enter the 6-digit code we text you. Your free trial includes {TRIAL_TOKENS_TEXT}{' '}
          tokens; no card is needed.
        </li>
        <li>
          <strong>Upload a few records.</strong> In Documents, upload PDF, JPG, PNG, DOC, DOCX or TXT files up to{' '}
          {UPLOAD_LIMIT_MB} MB each. GNology reads each one and lists the people, dates and places it finds.
        </li>
        <li>
          <strong>Ask Gene.</strong> In Research, select the documents you want Gene to read, start a new conversation
          and ask a question, such as “What do these records tell me about Mary Ellen Doyle’s parents?”
        </li>
      </ol>
      <p>
        Tokens measure how much Gene reads and writes. As a guide, a research session uses about 4,000–6,000 tokens,
        analysing a document 1,000–3,000 and a book chapter about 15,000. Your account page shows what you have used.
      </p>
    </>
  ),
};
