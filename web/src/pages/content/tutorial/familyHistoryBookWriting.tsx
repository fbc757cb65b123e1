import { CONVERSATION_TOKENS_TEXT } from '../../../lib/limits';
import type { TutorialSection } from './tutorialSection';

export const familyHistoryBookWriting: TutorialSection = {
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
          Save this reply as your <strong>Format</strong> document (download it as a text file): you will need it if the
          book continues in a new conversation. Use the green Fullscreen button to read long replies more comfortably.
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
};
