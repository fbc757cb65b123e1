import { RecordTypes } from '../RecordTypes';
import type { TutorialSection } from './tutorialSection';

export const researchGuidance: TutorialSection = {
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
          <strong>List the records that could answer it</strong>, for that time and place, and where they are held. Gene
          can suggest them.
        </li>
        <li>
          <strong>Search, and log every search</strong> — including the ones that found nothing. A negative search tells
          you where not to look again.
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
};
