import type { DocumentPageReading, DocumentRecord } from '@gnology/contracts';
import { Alert } from '../../components/ui';
import './handwriting-note.css';

/** The words shown on a page whose text a vision model transcribed (decision 0155). */
export const TRANSCRIBED_BY_AI =
  'Transcribed by AI from the handwriting: check it against the image. The OCR reading is kept.';

/** What the viewer says about the handwriting of one page, or null when there is nothing to say. */
export function handwritingMessage(
  reading: Pick<DocumentPageReading, 'transcribedByAi' | 'handwritingNote'> | undefined,
): { tone: 'info' | 'warning'; text: string } | null {
  if (!reading) return null;
  if (reading.transcribedByAi) return { tone: 'info', text: TRANSCRIBED_BY_AI };
  if (reading.handwritingNote) return { tone: 'warning', text: reading.handwritingNote };
  return null;
}

/**
 * Handwriting (issue 14), under the viewer's reading strip: "transcribed by AI" on a page whose
 * text is a model's transcription, or why a low-confidence page kept its OCR text (no model
 * configured, no tokens left, the model failed). Multi-page documents name the page.
 */
export function HandwritingNote({ doc, page }: { doc: DocumentRecord; page: number }) {
  const pages = doc.pages ?? [];
  const message = handwritingMessage(pages.find((p) => p.pageNumber === page));
  if (!message) return null;
  return (
    <Alert tone={message.tone} className="handwriting-note">
      {pages.length > 1 ? `Page ${page}: ${message.text}` : message.text}
    </Alert>
  );
}
