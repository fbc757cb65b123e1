import { OVERAGE_PRICE_TEXT } from '@gnology/contracts';
import { useState } from 'react';
import { DisclosureGroup, type Key } from 'react-aria-components';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../components/layout/Layout';
import { ContentPage } from './ContentPage';
import { Fold } from './Fold';
import { useScrollToHash } from './scrollToHash';
import './content.css';
import {
  CONVERSATION_TOKENS_TEXT,
  MONTHLY_PRICE_TEXT,
  PROFESSIONAL_TOKENS_TEXT,
  TRIAL_TOKENS_TEXT,
  UPLOAD_LIMIT_MB,
  YEARLY_PER_MONTH_TEXT,
  YEARLY_PRICE_TEXT,
  YEARLY_SAVING_TEXT,
} from '../../lib/limits';
import { WARNING_PERCENT } from '../account/usage';

interface Section {
  id: string;
  title: string;
  items: { q: string; a: string }[];
}

/** The FAQ's seven sections (docs/contract.md#screens), each linkable as /faq#<id>. */
const SECTIONS: Section[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    items: [
      {
        q: 'What is GNology?',
        a: 'GNology is a workspace for family history research. You upload records and photos, GNology reads them and picks out names, dates, places, relationships and occupations, and you research with Gene, an AI research assistant that works from your documents. Gene can also help you write your family history as a book.',
      },
      {
        q: 'How do I start?',
        a: `Sign up with your name, e-mail, mobile number and a password, and enter the 6-digit code we text you. Your free trial starts at once with ${TRIAL_TOKENS_TEXT} tokens and no card. Then upload a few documents, open Research and ask Gene about an ancestor. The tutorial walks through a whole project step by step.`,
      },
      {
        q: 'Do I need to know genealogy already?',
        a: 'No. The tutorial explains how to plan research, which records to look for and how to cite them. If you are a professional, GNology fits the way you already work: sources first, conclusions second.',
      },
      {
        q: 'What is the GNology Journal?',
        a: 'A fillable PDF research journal with ten sections: your project and research plan, one section for each of five ancestors, a checklist of record types searched, a research log, a correspondence log and your findings. Download it from Resources, fill it in on screen or on paper, and upload it so Gene can work from it.',
      },
    ],
  },
  {
    id: 'token-usage',
    title: 'Token usage and pricing',
    items: [
      {
        q: 'What is a token?',
        a: 'Tokens measure how much text Gene reads and writes: your question, the documents you select and Gene’s answer all count. As a guide, a research session uses about 4,000–6,000 tokens, analysing a document 1,000–3,000, and writing a book chapter about 15,000.',
      },
      {
        q: 'What does the free trial include?',
        a: `${TRIAL_TOKENS_TEXT} tokens, with no card required. When they are used up, the trial stops; you can subscribe to Professional to carry on with everything you have uploaded and written.`,
      },
      {
        q: 'What does Professional cost?',
        a: `${MONTHLY_PRICE_TEXT} a month for ${PROFESSIONAL_TOKENS_TEXT} tokens a month, or ${YEARLY_PRICE_TEXT} a year paid in advance (about ${YEARLY_PER_MONTH_TEXT} a month, a saving of ${YEARLY_SAVING_TEXT} a year).`,
      },
      {
        q: 'What happens if I use more than my monthly tokens?',
        a: `On Professional, extra use is charged automatically at ${OVERAGE_PRICE_TEXT}, so your research is never cut off mid-project. Your account page shows your usage as you go and warns you when you pass ${WARNING_PERCENT}% of your monthly tokens.`,
      },
      {
        q: 'Can I get a refund?',
        a: 'Fees are non-refundable except where the law requires otherwise. You can cancel a subscription at any time from your account page.',
      },
    ],
  },
  {
    id: 'research-ai',
    title: 'Research and AI features',
    items: [
      {
        q: 'What can Gene do?',
        a: 'Gene reads the documents you select, explains what they show and what they do not, suggests which records to search next, helps you weigh conflicting evidence, drafts source citations and writes family history chapters from your research.',
      },
      {
        q: 'Can I trust Gene’s answers?',
        a: 'Treat Gene as a careful colleague, not an authority. Gene can misread a faded entry or draw a wrong conclusion. Check every fact against the original record before you rely on it or share it. For legal matters such as heir searches, you alone are responsible for verifying results.',
      },
      {
        q: 'How much can Gene keep in mind at once?',
        a: `A conversation can hold about ${CONVERSATION_TOKENS_TEXT} tokens of questions, answers and selected documents. When a long conversation nears that limit, Gene tells you; start a new conversation and select your journal and saved notes to carry on where you stopped.`,
      },
      {
        q: 'Sometimes Gene says it is answering from my documents alone. Why?',
        a: 'When Gene’s AI model cannot be reached, Gene still answers from the names, dates, places and relationships found in your documents, and says so plainly, so you always know what an answer is based on.',
      },
      {
        q: 'Can I find an earlier conversation?',
        a: 'Yes. Conversations are saved with the name you give them. Use search in Research to find a word or name across your past conversations, and export a long answer as text, Markdown, JSON or a printable PDF.',
      },
    ],
  },
  {
    id: 'documents',
    title: 'Document management',
    items: [
      {
        q: 'Which files can I upload?',
        a: `PDF, JPG, JPEG, PNG, DOC, DOCX and TXT files, up to ${UPLOAD_LIMIT_MB} MB each. Scans of census pages, certificates, parish registers, wills, letters, obituaries and photos all work.`,
      },
      {
        q: 'What happens to a document after I upload it?',
        a: 'GNology reads its text (with OCR for scans and photos of pages) and extracts the names, dates, places, relationships and occupations it finds. You can read the text, see the extracted details and select the document in Research so Gene can analyse it.',
      },
      {
        q: 'How do I get the best text from a scan?',
        a: 'Scan at 300 dpi or more, keep the page straight and whole, and avoid shadows and glare. For a phone photo, lay the page flat in good daylight. Handwriting is harder to read than print; check names and dates against the image.',
      },
      {
        q: 'My upload failed. What should I do?',
        a: `Check that the file is under ${UPLOAD_LIMIT_MB} MB and one of the accepted types. If a file still will not upload, convert it to PDF (save or print it as a PDF) and upload that.`,
      },
      {
        q: 'Can I delete a document?',
        a: 'Yes, from Documents. Deleting removes it from your account, your research selections and your gallery.',
      },
    ],
  },
  {
    id: 'gallery',
    title: 'Gallery and examples',
    items: [
      {
        q: 'What is the photo gallery?',
        a: 'Every photo you upload appears in your gallery. You can tag the people in each photo, search by name and keep a family’s pictures together with the records that tell their story.',
      },
      {
        q: 'Can I make a photo album?',
        a: 'Yes. Choose photos in the gallery, open the album creator, pick a style and a title, and GNology builds a printable PDF album with your captions, names, dates and places.',
      },
      {
        q: 'What does a finished project look like?',
        a: 'A typical project follows five ancestors through their records into a family history book of 40,000–80,000 words, with photos and documents placed where they support the story. The tutorial shows each step with examples of what to type to Gene.',
      },
    ],
  },
  {
    id: 'privacy-security',
    title: 'Privacy and security',
    items: [
      {
        q: 'Who can see my documents?',
        a: 'Only you. Every document, photo and conversation is tied to your account, and no other user can open it.',
      },
      {
        q: 'Is my research used to train AI models?',
        a: 'GNology does not use your documents or conversations to train AI models. When Gene uses an AI service, it receives your question and the document text needed to answer it, without your name, e-mail or phone number. Our privacy policy names the kinds of providers we use.',
      },
      {
        q: 'How is my payment handled?',
        a: 'Card payments are handled by our card payment provider. GNology never sees or stores your full card number.',
      },
    ],
  },
  {
    id: 'account',
    title: 'Account management',
    items: [
      {
        q: 'How do I change my password?',
        a: 'Open Account and use the Security panel. You need your current password; the new one must be at least 6 characters.',
      },
      {
        q: 'Where can I see my token usage?',
        a: `Account shows your plan, the tokens used this month and what remains, with a warning once you pass ${WARNING_PERCENT}% of your monthly tokens.`,
      },
      {
        q: 'How do I subscribe, change or cancel my plan?',
        a: 'Subscribe from Pricing or your account page. Professional subscribers manage billing and cancellation from Account.',
      },
      {
        q: 'Why was I asked to log in again?',
        a: 'For your security, a session ends after a while. Log in again and you will be back where you were; nothing you saved is lost.',
      },
    ],
  },
];

export const FAQ_SECTION_IDS = SECTIONS.map((s) => s.id);

/** /faq (docs/contract.md#screens): seven collapsible sections, each opened by a link such as /faq#token-usage. */
export function FaqPage() {
  const [expanded, setExpanded] = useState<Set<Key>>(() => new Set());
  useScrollToHash((id) => {
    if (FAQ_SECTION_IDS.includes(id)) setExpanded((open) => new Set(open).add(id));
  });

  return (
    <ContentPage
      title="Frequently Asked Questions"
      description="Answers about GNology: getting started, tokens and pricing, Gene's research features, documents, the photo gallery, privacy and your account."
      subtitle="Short answers about GNology and Gene. Open a section to read it."
    >
      <DisclosureGroup className="folds" allowsMultipleExpanded expandedKeys={expanded} onExpandedChange={setExpanded}>
        {SECTIONS.map((section) => (
          <Fold key={section.id} id={section.id} title={section.title}>
            <dl className="qa">
              {section.items.map((item) => (
                <div key={item.q}>
                  <dt>{item.q}</dt>
                  <dd>{item.a}</dd>
                </div>
              ))}
            </dl>
          </Fold>
        ))}
      </DisclosureGroup>

      <aside className="callout callout--plain prose" aria-labelledby="faq-more">
        <h2 id="faq-more">Still have a question?</h2>
        <p>
          The <Link to="/tutorial">tutorial</Link> walks through a whole research project, from the journal to the
          finished book. For anything else, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and a
          person will answer.
        </p>
      </aside>
    </ContentPage>
  );
}
