import type { TutorialSection } from './tutorialSection';

export const documentAnalysis: TutorialSection = {
  id: 'document-analysis',
  title: 'Document analysis',
  body: (
    <>
      <p>
        When you upload a document, GNology reads its text — with OCR for scans and photos of pages — and extracts the
        names, dates, places, relationships and occupations it finds. Open a document to read its text and see what was
        found.
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
        Select only the documents that matter for the question: each selected document is read again with every message,
        and counts towards your tokens.
      </p>
    </>
  ),
};
