import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui';
import { ContentPage, ProseSection } from './ContentPage';
import { StartCta } from './StartCta';
import './content.css';
import {
  CONVERSATION_TOKENS_TEXT,
  PROFESSIONAL_TOKENS_TEXT,
  TRIAL_TOKENS_TEXT,
  UPLOAD_LIMIT_MB,
} from '../../lib/limits';

/** /about-gene: who Gene is, how Gene works with documents, and Gene's limits. */
export function AboutGenePage() {
  return (
    <ContentPage
      title="About Gene"
      description="Gene is GNology's AI research assistant: it reads your genealogy documents, extracts names, dates, places and relationships, plans research and writes family history books."
      subtitle="Your research assistant: a careful colleague who reads every record you give it."
    >
      <ProseSection id="who" title="Who Gene is">
        <p>
          Gene is the research assistant inside GNology. Gene speaks plainly, says what a document shows and what it
          does not, and tells you when the evidence is too thin for a conclusion. Gene works from the documents you
          select and from general knowledge of records, places and history.
        </p>
      </ProseSection>

      <ProseSection id="documents" title="How Gene works with your documents">
        <ol>
          <li>
            <strong>You upload.</strong> PDF, JPG, JPEG, PNG, DOC, DOCX and TXT files up to {UPLOAD_LIMIT_MB} MB each:
            census pages, certificates, parish registers, wills, letters, obituaries, photos and your own notes.
          </li>
          <li>
            <strong>GNology reads.</strong> Text is taken from each file — by OCR for scans and photos of pages — and
            the names, dates, places, relationships and occupations in it are extracted and shown on the document.
          </li>
          <li>
            <strong>You choose what Gene reads.</strong> In Research, select the documents that matter for your
            question. Gene reads them with your question and cites them by file name and page, so you can open the
            source and check.
          </li>
          <li>
            <strong>Gene answers in a saved conversation.</strong> Name it, come back to it, search it later, and export
            long answers as text, Markdown, JSON or a printable PDF.
          </li>
        </ol>
      </ProseSection>

      <ProseSection id="can" title="What Gene can do for you">
        <ul>
          <li>
            <strong>Document analysis:</strong> transcribe and explain a record, list everyone in a household, point out
            ages and birthplaces that do not agree.
          </li>
          <li>
            <strong>Research guidance:</strong> suggest the records most likely to answer your question for that time
            and place — census, vital, church, probate, military, immigration — and what to search next.
          </li>
          <li>
            <strong>Family connections:</strong> show how the people across your documents relate, and where the gaps in
            the tree are.
          </li>
          <li>
            <strong>Citations:</strong> draft a citation for each source for you to check against the record.
          </li>
          <li>
            <strong>Book writing:</strong> turn a filled GNology Journal and your records into a family history book of
            40,000–80,000 words, section by section. See the{' '}
            <Link to="/tutorial#family-history-book-writing">book-writing guide</Link>.
          </li>
        </ul>
      </ProseSection>

      <ProseSection id="tokens" title="How much Gene can take in">
        <p>
          Gene’s work is measured in tokens: your question, the documents selected and Gene’s answer all count. A
          research session typically uses 4,000–6,000 tokens, analysing a document 1,000–3,000 and a book chapter about
          15,000. The free trial includes {TRIAL_TOKENS_TEXT} tokens; Professional includes {PROFESSIONAL_TOKENS_TEXT} a
          month. One conversation holds about {CONVERSATION_TOKENS_TEXT} tokens; when it is nearly full, Gene tells you,
          and you continue in a new conversation.
        </p>
      </ProseSection>

      <ProseSection id="limits" title="Gene’s limits">
        <p>
          Gene can misread a faded or unusual hand, and it cannot see records you have not uploaded. When Gene’s AI
          model cannot be reached, Gene still answers from the names, dates, places and relationships found in your
          documents and says so plainly. Check every fact against the original record before you rely on it; for legal
          matters, you alone are responsible for verifying results.
        </p>
      </ProseSection>

      <div className="cta-row">
        <StartCta />
        <ButtonLink to="/tutorial" variant="secondary">
          Read the Tutorial
        </ButtonLink>
      </div>
    </ContentPage>
  );
}
