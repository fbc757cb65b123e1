import { Link } from 'react-router';
import { JOURNAL_URL } from '../journal';
import type { TutorialSection } from './tutorialSection';

export const gnologyResearchJournal: TutorialSection = {
  id: 'gnology-research-journal',
  title: 'The GNology Research Journal',
  body: (
    <>
      <p>
        The GNology Journal is a fillable PDF that keeps a five-ancestor project in one place, and it is what Gene works
        from when writing your book. Its ten sections:
      </p>
      <ul>
        <li>
          <strong>Section 1, your project:</strong> its title, your research goal and your plan.
        </li>
        <li>
          <strong>Sections 2–6, one for each of your five ancestors:</strong> names; birth, baptism, marriage, death and
          burial with dates and places; parents, children, occupation, residences, sources and notes.
        </li>
        <li>
          <strong>Section 7, sources searched:</strong> a checklist of record types — census, vital, church, probate,
          military, immigration and more.
        </li>
        <li>
          <strong>Section 8, research log:</strong> the date, the repository, the source searched and what you found (or
          did not find).
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
        typed fields directly, and reads a scanned handwritten copy like any other scan. Write dates as the record gives
        them, and note where each fact came from.
      </p>
    </>
  ),
};
