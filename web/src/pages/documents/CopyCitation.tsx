import type { CitationResponse } from '@gnology/contracts';
import { Check, Quote } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui';
import { api } from '../../lib/api';
import './copy-citation.css';

type State =
  | { step: 'idle' | 'busy' | 'copied' }
  | { step: 'failed'; message: string }
  | { step: 'manual'; citation: string };

/**
 * "Copy citation" (issue 16): the document's Evidence Explained–style source citation, built by
 * the documents service from what extraction found, copied to the clipboard. Where the browser
 * refuses the clipboard the citation is shown to copy by hand.
 */
export function CopyCitation({ documentId }: { documentId: string }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  // "Copied" says so for a moment, then the button is ready again.
  useEffect(() => {
    if (state.step !== 'copied') return;
    const t = setTimeout(() => setState({ step: 'idle' }), 3000);
    return () => clearTimeout(t);
  }, [state.step]);

  const copy = async () => {
    setState({ step: 'busy' });
    let citation: string;
    try {
      citation = (await api<CitationResponse>(`/api/documents/${encodeURIComponent(documentId)}/citation`)).citation;
    } catch {
      setState({ step: 'failed', message: 'The citation could not be made. Please try again.' });
      return;
    }
    try {
      await navigator.clipboard.writeText(citation);
      setState({ step: 'copied' });
    } catch {
      setState({ step: 'manual', citation });
    }
  };

  return (
    <div className="copy-citation">
      <Button
        variant="secondary"
        size="sm"
        icon={state.step === 'copied' ? <Check size={16} /> : <Quote size={16} />}
        busy={state.step === 'busy'}
        onClick={() => void copy()}
      >
        {state.step === 'copied' ? 'Copied' : 'Copy citation'}
      </Button>
      <span className={state.step === 'failed' ? 'copy-citation__error' : 'visually-hidden'} role="status">
        {state.step === 'copied' && 'Citation copied to the clipboard.'}
        {state.step === 'failed' && state.message}
      </span>
      {state.step === 'manual' && (
        <label className="copy-citation__manual">
          <span>The browser did not allow copying. Select the citation and copy it:</span>
          <textarea readOnly rows={3} value={state.citation} onFocus={(e) => e.currentTarget.select()} />
        </label>
      )}
    </div>
  );
}
