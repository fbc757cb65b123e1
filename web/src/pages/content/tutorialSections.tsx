import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { JOURNAL_URL } from './journal';
import { RecordTypes } from './RecordTypes';
import { CONVERSATION_TOKENS_TEXT, TRIAL_TOKENS_TEXT, UPLOAD_LIMIT_MB } from '../../lib/limits';

export interface TutorialSection {
  /** The fragment a link lands on (docs/contract.md#screens). */
  id: string;
  title: string;
  body: ReactNode;
}

/** The generations of a line, counted as GNology counts them (docs/contract.md#other-limits). */
const GENERATIONS: [string, string, string][] = [
  ['1', 'The earliest known ancestor', 'The start of the line: 0 generations down'],
  ['2', 'Their children', '1 generation down'],
  ['3', 'Their grandchildren', '2 generations down'],
  ['4', 'Their great-grandchildren', '3 generations down'],
  ['5', 'Their great-great-grandchildren', '4 generations down'],
];

/** The twelve sections of the tutorial, in reading order. */
export const TUTORIAL_SECTIONS: TutorialSection[] = [
  {
    id: 'what-is-gene',
    title: 'What is Gene?',
    body: (
      <>
        <p>
          Gene is GNology’s research assistant. Gene reads the documents you choose — census pages, certificates, parish
          registers, wills, letters, your own notes — and works with you the way a careful colleague would: saying what
          a record shows, what it does not, and where to look next.
        </p>
        <ul>
          <li>
            Analyses your documents and points out the names, dates, places, relationships and occupations in them.
          </li>
          <li>
            Suggests research plans: which records are likely to answer your question, and in which archive or
            collection.
          </li>
          <li>Helps you weigh conflicting evidence and drafts source citations.</li>
          <li>Writes your family history as a book, chapter by chapter, from your journal and records.</li>
        </ul>
        <p>
          Gene works only from what you give it and what is generally known about records and history. It can misread a
          faded entry or draw a wrong conclusion, so check every fact against the original record before you rely on it.
        </p>
      </>
    ),
  },
  {
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
  },
  {
    id: 'building-family-tree',
    title: 'Building your family tree',
    body: (
      <>
        <p>
          Family history is built backwards, one proven generation at a time, from what you know to what you do not.
        </p>
        <ol>
          <li>
            <strong>Start with yourself</strong> and your parents: full names, dates and places of birth, marriage and
            death. Write down how you know each fact.
          </li>
          <li>
            <strong>Gather what the family already has:</strong> certificates, family Bibles, letters, photographs,
            funeral cards, military papers. Ask older relatives what they remember, and note who told you what and when.
          </li>
          <li>
            <strong>Work back one generation at a time.</strong> Prove each link between parent and child with records
            before you reach further back. A name that matches is not yet a proven connection.
          </li>
          <li>
            <strong>Choose five ancestors for a project.</strong> GNology’s method follows five ancestors at a time —
            for example a couple and their parents, or five generations of one line. Five is enough for a book and few
            enough to research thoroughly.
          </li>
        </ol>
        <p>
          Record each family as a group — parents and all their children — rather than a single line: brothers and
          sisters often left the records that name their parents.
        </p>
      </>
    ),
  },
  {
    id: 'gnology-research-journal',
    title: 'The GNology Research Journal',
    body: (
      <>
        <p>
          The GNology Journal is a fillable PDF that keeps a five-ancestor project in one place, and it is what Gene
          works from when writing your book. Its ten sections:
        </p>
        <ul>
          <li>
            <strong>Section 1, your project:</strong> its title, your research goal and your plan.
          </li>
          <li>
            <strong>Sections 2–6, one for each of your five ancestors:</strong> names; birth, baptism, marriage, death
            and burial with dates and places; parents, children, occupation, residences, sources and notes.
          </li>
          <li>
            <strong>Section 7, sources searched:</strong> a checklist of record types — census, vital, church, probate,
            military, immigration and more.
          </li>
          <li>
            <strong>Section 8, research log:</strong> the date, the repository, the source searched and what you found
            (or did not find).
          </li>
          <li>
            <strong>Section 9, correspondence:</strong> who you wrote to, about what, and the outcome.
          </li>
          <li>
            <strong>Section 10, findings:</strong> what you have proven, conflicting evidence, and next steps.
          </li>
        </ul>
        <p>
          Download it from <Link to="/resources">Resources</Link>, or{' '}
          <a href={JOURNAL_URL}>download the GNology Journal (PDF)</a> directly. Fill it in on screen in any PDF reader
          that supports forms, or print it and write by hand. Upload the filled journal in Documents: GNology reads the
          typed fields directly, and reads a scanned handwritten copy like any other scan. Write dates as the record
          gives them, and note where each fact came from.
        </p>
      </>
    ),
  },
  {
    id: 'forensic-genealogy',
    title: 'Forensic genealogy',
    body: (
      <>
        <p>
          Forensic genealogy is research whose results may be used in legal or official settings. Gene can help you
          organise evidence, plan searches and draft clear reports for three common kinds of case:
        </p>
        <ul>
          <li>
            <strong>Missing heirs.</strong> Identifying and locating the legal heirs of an estate: building the family
            from the deceased outwards, proving each relationship with vital, probate and census records, and accounting
            for every branch, including those who died without children.
          </li>
          <li>
            <strong>DNA research.</strong> Combining DNA match results with documentary research: grouping matches,
            building the trees of shared matches and testing hypotheses about how people are related. DNA supports a
            conclusion; the paper trail explains it.
          </li>
          <li>
            <strong>Military identification.</strong> Tracing the families of service members whose remains have not
            been identified, so that relatives can be found and, where needed, asked to give a reference DNA sample:
            service records, casualty files, next-of-kin records and descendants traced to the present day.
          </li>
        </ul>
        <p>
          Work to the Genealogical Proof Standard, cite every source exactly, keep a log of every search (including
          searches that found nothing), and keep copies of every record you rely on. Courts and agencies set their own
          requirements for evidence and for who may present it.
        </p>
        <div className="callout callout--warning">
          <p>
            <strong>Disclaimer:</strong> GNology and Gene support your research; they do not give legal advice. You are
            solely responsible for verifying every result before you use it in any legal, financial or official matter.
          </p>
        </div>
      </>
    ),
  },
  {
    id: 'document-analysis',
    title: 'Document analysis',
    body: (
      <>
        <p>
          When you upload a document, GNology reads its text — with OCR for scans and photos of pages — and extracts the
          names, dates, places, relationships and occupations it finds. Open a document to read its text and see what
          was found.
        </p>
        <h3>Getting good text from a scan</h3>
        <ul>
          <li>Scan at 300 dpi or more; keep the page straight, whole and free of shadows and glare.</li>
          <li>Upload a multi-page record as one PDF, in page order.</li>
          <li>Handwriting is harder to read than print: check names and dates against the image.</li>
        </ul>
        <h3>Asking Gene about a document</h3>
        <p>
          In Research, select the document and ask a specific question. Good questions name the person and say what you
          want to know:
        </p>
        <p className="example">
          “Transcribe the household of Patrick Doyle in this 1880 census page and tell me what it says about where each
          person was born.”
        </p>
        <p className="example">
          “Does this will name all of Samuel Price’s children? Which ones are missing compared with the 1850 census?”
        </p>
        <p>
          Select only the documents that matter for the question: each selected document is read again with every
          message, and counts towards your tokens.
        </p>
      </>
    ),
  },
  {
    id: 'document-photo-integration',
    title: 'Documents and photos together',
    body: (
      <>
        <p>Photos bring a family history to life, and records tell you who is in them.</p>
        <ul>
          <li>Upload photos in Documents; they appear in your Gallery.</li>
          <li>Tag the people in each photo by name, so you can find every picture of one person.</li>
          <li>Note on each photo what you know: the date, the place, and how you know who is in it.</li>
          <li>Choose photos in the Gallery and open the Album Creator to make a printable PDF album with captions.</li>
        </ul>
        <p>
          When writing your book, ask Gene where each photo or document fits: Gene suggests a place in the chapter and
          drafts a caption, and you place the images when you lay out the book.
        </p>
      </>
    ),
  },
  {
    id: 'family-history-book-writing',
    title: 'Writing your family history book',
    body: (
      <>
        <p>A finished book is typically 40,000–80,000 words. Gene writes it with you in five parts.</p>
        <div className="tutorial-part">
          <h3>Part 1: Prepare and begin</h3>
          <ol>
            <li>Sign up, then download the fillable GNology Journal from Resources.</li>
            <li>Fill in the journal for your five ancestors.</li>
            <li>Upload the filled journal, and any notes, to Documents.</li>
            <li>Open Research and select only the journal and your notes.</li>
            <li>
              Click the green New button to start a conversation, and rename it with the pencil icon (for example “Doyle
              Family Book”).
            </li>
            <li>Type: “Write the book”.</li>
          </ol>
        </div>
        <div className="tutorial-part">
          <h3>Part 2: Titles and the creation process</h3>
          <p>Gene replies with 3 title options and a creation process for your book:</p>
          <ol>
            <li>Table of contents and introduction</li>
            <li>Chapters 1–3</li>
            <li>Chapters 4–6</li>
            <li>Chapters 7–9</li>
            <li>Conclusion and appendices</li>
            <li>Photo integration</li>
          </ol>
          <p>
            Save this reply as your <strong>Format</strong> document (download it as a text file): you will need it if
            the book continues in a new conversation. Use the green Fullscreen button to read long replies more
            comfortably.
          </p>
        </div>
        <div className="tutorial-part">
          <h3>Part 3: Section by section</h3>
          <p>After each section, Gene offers to:</p>
          <ul>
            <li>let you review it (download it as TXT or PDF),</li>
            <li>continue with the next section,</li>
            <li>add details you supply,</li>
            <li>or suggest where photos belong.</li>
          </ul>
          <p>If a reply stops before a section is finished, type “continue”: Gene resumes exactly where it stopped.</p>
        </div>
        <div className="tutorial-part">
          <h3>Part 4: When a conversation is full</h3>
          <p>
            A conversation holds about {CONVERSATION_TOKENS_TEXT} tokens. When Gene tells you it is at capacity, start a
            new conversation, upload your saved Format document (and the journal, if it is not uploaded already), select
            both, and ask Gene to continue from the incomplete chapter — for example, “Continue the book from Chapter 5,
            using this Format.”
          </p>
        </div>
        <div className="tutorial-part">
          <h3>Part 5: Photos, documents and publishing</h3>
          <p>
            Ask Gene where your photos and documents fit, and add them with their captions. When the text is final, you
            need a cover and a printer or publisher:
          </p>
          <ul>
            <li>A freelance cover designer: a simple, professional cover typically costs $20–$30.</li>
            <li>A free online cover creator, if you would rather design it yourself.</li>
            <li>
              A self-publishing guide from the print-on-demand service you choose, for page sizes, margins and file
              formats.
            </li>
          </ul>
        </div>
      </>
    ),
  },
  {
    id: 'research-guidance',
    title: 'Research planning and guidance',
    body: (
      <>
        <p>Good research starts with a question and a plan, not a search box.</p>
        <ol>
          <li>
            <strong>Ask one clear question:</strong> “Who were the parents of Margaret Evans, born about 1841 in
            Glamorgan, Wales?”
          </li>
          <li>
            <strong>Write down what you already know</strong>, and how you know it.
          </li>
          <li>
            <strong>List the records that could answer it</strong>, for that time and place, and where they are held.
            Gene can suggest them.
          </li>
          <li>
            <strong>Search, and log every search</strong> — including the ones that found nothing. A negative search
            tells you where not to look again.
          </li>
          <li>
            <strong>Analyse what you found</strong>, then plan the next question.
          </li>
        </ol>
        <h3>The Genealogical Proof Standard</h3>
        <p>A conclusion is sound when it meets all five elements of the Genealogical Proof Standard:</p>
        <ol>
          <li>Reasonably exhaustive research in the records that could bear on the question.</li>
          <li>Complete and accurate citation of every source used.</li>
          <li>Analysis and correlation of the evidence.</li>
          <li>Resolution of any conflicting evidence.</li>
          <li>A soundly reasoned, clearly written conclusion.</li>
        </ol>
        <h3>The records you will use most</h3>
        <RecordTypes />
      </>
    ),
  },
  {
    id: 'generation-counting',
    title: 'Counting generations',
    body: (
      <>
        <p>
          In GNology projects and in Gene’s books, <strong>generation 1 is the earliest known ancestor</strong>, and
          counting is inclusive: the ancestor’s own generation counts as one. Their children are generation 2,
          grandchildren generation 3 and great-grandchildren generation 4 — three generations down from the ancestor.
        </p>
        <div className="table-wrap">
          <table className="table">
            <caption>A line counted from the earliest known ancestor</caption>
            <thead>
              <tr>
                <th scope="col">Generation</th>
                <th scope="col">Who</th>
                <th scope="col">Distance from the ancestor</th>
              </tr>
            </thead>
            <tbody>
              {GENERATIONS.map(([n, who, distance]) => (
                <tr key={n}>
                  <th scope="row">{n}</th>
                  <td>{who}</td>
                  <td>{distance}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          So a book “from Thomas Evans to his great-grandchildren” covers four generations. Pedigree charts and
          Ahnentafel numbers count the other way, with you as number 1; when you ask Gene about generations, say which
          way you are counting.
        </p>
      </>
    ),
  },
  {
    id: 'best-practices',
    title: 'Best practices',
    body: (
      <ul>
        <li>
          <strong>Cite every source</strong> as you find it: who created it, what it is, when, where in it the fact
          appears, and where it is held. Gene can draft a citation; check it against the record.
        </li>
        <li>
          <strong>Prefer the original record</strong> to an index or transcription. Indexes point you to records; they
          are not evidence on their own.
        </li>
        <li>
          <strong>Weigh the informant.</strong> A death certificate’s date of death comes from someone who was there;
          its date of birth may be a relative’s guess.
        </li>
        <li>
          <strong>Search for spelling variants</strong>: clerks wrote names as they heard them, and indexers read them
          as they could.
        </li>
        <li>
          <strong>Keep one project to five ancestors</strong>, and finish their journal sections before starting
          another.
        </li>
        <li>
          <strong>Save Gene’s useful replies</strong> as documents, and keep your Format document with the book.
        </li>
        <li>
          <strong>Verify before you share.</strong> Check every fact Gene gives you against the records before it goes
          into your tree or book.
        </li>
      </ul>
    ),
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting',
    body: (
      <>
        <h3>An upload fails</h3>
        <ul>
          <li>Check the file size: the limit is {UPLOAD_LIMIT_MB} MB per file.</li>
          <li>Check the format: PDF, JPG, JPEG, PNG, DOC, DOCX or TXT.</li>
          <li>Still failing? Convert the file to PDF (save or print it as a PDF) and upload the PDF.</li>
        </ul>
        <h3>The journal will not download</h3>
        <ul>
          <li>Check your internet connection and try again.</li>
          <li>Right-click the download link and choose “Save link as…” to save it as a file.</li>
          <li>Clear your browser’s cache, then reload the page.</li>
          <li>
            Visit <Link to="/resources">Resources</Link> and download it from there.
          </li>
        </ul>
        <h3>Gene is busy or does not answer</h3>
        <ul>
          <li>If Gene says it is experiencing high demand, wait 5–10 minutes and try again.</li>
          <li>If a long request times out, break it into smaller parts — one chapter or one question at a time.</li>
        </ul>
        <h3>You are asked to log in again</h3>
        <p>Your session has ended. Log in again; everything you saved is still there.</p>
      </>
    ),
  },
];
