import type { TutorialSection } from './tutorialSection';

export const bestPractices: TutorialSection = {
  id: 'best-practices',
  title: 'Best practices',
  body: (
    <ul>
      <li>
        <strong>Cite every source</strong> as you find it: who created it, what it is, when, where in it the fact
        appears, and where it is held. Gene can draft a citation; check it against the record.
      </li>
      <li>
        <strong>Prefer the original record</strong> to an index or transcription. Indexes point you to records; they are
        not evidence on their own.
      </li>
      <li>
        <strong>Weigh the informant.</strong> A death certificate’s date of death comes from someone who was there; its
        date of birth may be a relative’s guess.
      </li>
      <li>
        <strong>Search for spelling variants</strong>: clerks wrote names as they heard them, and indexers read them as
        they could.
      </li>
      <li>
        <strong>Keep one project to five ancestors</strong>, and finish their journal sections before starting another.
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
};
