import type { TutorialSection } from './tutorialSection';

export const whatIsGene: TutorialSection = {
  id: 'what-is-gene',
  title: 'What is Gene?',
  body: (
    <>
      <p>
        Gene is GNology’s research assistant. Gene reads the documents you choose — census pages, certificates, parish
        registers, wills, letters, your own notes — and works with you the way a careful colleague would: saying what a
        record shows, what it does not, and where to look next.
      </p>
      <ul>
        <li>Analyses your documents and points out the names, dates, places, relationships and occupations in them.</li>
        <li>
          Suggests research plans: which records are likely to answer your question, and in which archive or collection.
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
};
