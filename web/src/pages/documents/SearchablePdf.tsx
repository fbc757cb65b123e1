import { type DocumentRecord, searchablePdfFileName } from '@gnology/contracts';
import { FileDown, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui';
import { ApiError, apiBlob, saveBlob } from '../../lib/api';
import { isImage, isPdf } from '../../lib/document-kinds';
import './searchable-pdf.css';

type State = { step: 'idle' | 'busy' | 'saved' } | { step: 'failed' | 'refused'; message: string };

/** A scan whose text OCR read: a picture or a PDF with at least one page read by OCR. */
export const hasScannedText = (doc: DocumentRecord) =>
  (isImage(doc) || isPdf(doc)) && doc.processingStatus === 'completed' && doc.pages.some((p) => p.ocr);

/**
 * "Searchable PDF" (issue 31, point 6) in the viewer's bar: the scan's pages with their OCR'd words
 * as an invisible text layer, made by the documents service and saved as a download. Only offered
 * for scans whose text OCR read; if the service still finds no words it says why (no Retry: it
 * would answer the same), and any other failure offers Retry.
 */
export function SearchablePdf({ doc }: { doc: DocumentRecord }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  if (!hasScannedText(doc)) return null;

  const download = async () => {
    setState({ step: 'busy' });
    try {
      const blob = await apiBlob(`/api/documents/${encodeURIComponent(doc._id)}/searchable-pdf`);
      saveBlob(blob, searchablePdfFileName(doc.originalName));
      setState({ step: 'saved' });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setState({ step: 'refused', message: e.message });
      else setState({ step: 'failed', message: 'The searchable PDF could not be made. Please try again.' });
    }
  };

  return (
    <div className="searchable-pdf">
      {state.step !== 'failed' && (
        <Button
          variant="secondary"
          size="sm"
          icon={<FileDown size={16} />}
          busy={state.step === 'busy'}
          disabled={state.step === 'refused'}
          title="The scan as a PDF whose words can be searched, selected and copied"
          onClick={() => void download()}
        >
          {state.step === 'busy' ? (
            'Preparing PDF...'
          ) : (
            <>
              {/* On a phone the word is only read out, so the three buttons keep one row and the scan its height. */}
              <span className="searchable-pdf__more">Searchable </span>PDF
            </>
          )}
        </Button>
      )}
      {state.step === 'failed' && (
        <Button variant="secondary" size="sm" icon={<RotateCw size={16} />} onClick={() => void download()}>
          Retry
        </Button>
      )}
      <span
        className={state.step === 'failed' || state.step === 'refused' ? 'searchable-pdf__error' : 'visually-hidden'}
        role="status"
      >
        {state.step === 'busy' && 'Preparing the searchable PDF.'}
        {state.step === 'saved' && 'The searchable PDF was downloaded.'}
        {(state.step === 'failed' || state.step === 'refused') && state.message}
      </span>
    </div>
  );
}
