import { Link } from 'react-router';
import { UPLOAD_LIMIT_MB } from '../../../lib/limits';
import type { TutorialSection } from './tutorialSection';

export const troubleshooting: TutorialSection = {
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
};
