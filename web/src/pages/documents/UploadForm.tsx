import { FileUp, Upload } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Card } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { ACCEPT, describeStep, type DocumentRecord, fetchDocument, MAX_UPLOAD_BYTES, SESSION_EXPIRED, TOO_LARGE, uploadDocument } from './documentApi';

type Phase = { kind: 'idle' } | { kind: 'selected' } | { kind: 'uploading'; percent: number } | { kind: 'processing'; doc: DocumentRecord };
export type UploadMessage = { tone: 'success' | 'error'; text: string } | null;

/**
 * The upload form (spec sections 2, 4, 5, 8): choose a file (images get a local preview), upload
 * with a progress bar, then follow processing step by step until the document is completed.
 */
export function UploadForm({ onUploaded, onFinished }: { onUploaded: () => void; onFinished: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [message, setMessage] = useState<UploadMessage>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();

  useEffect(() => {
    if (!file || !/^image\/(jpeg|png)$/.test(file.type)) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // Follows processing of the uploaded document until it completes or fails.
  useEffect(() => {
    if (phase.kind !== 'processing') return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const doc = await fetchDocument(phase.doc._id);
        if (stopped) return;
        if (doc.processingStatus === 'completed') {
          setMessage({ tone: 'success', text: 'Document uploaded and processed successfully!' });
          setPhase({ kind: 'idle' });
          onFinished();
        } else if (doc.processingStatus === 'failed') {
          setMessage({ tone: 'error', text: doc.processingError ? `Error: ${doc.processingError}` : 'Failed to process document' });
          setPhase({ kind: 'idle' });
          onFinished();
        } else setPhase({ kind: 'processing', doc });
      } catch {
        // A missed poll is retried on the next tick.
      }
    }, 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [phase, onFinished]);

  const busy = phase.kind === 'uploading' || phase.kind === 'processing';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    if (!file) return setMessage({ tone: 'error', text: 'Please select a file to upload' });
    if (file.size > MAX_UPLOAD_BYTES) return setMessage({ tone: 'error', text: TOO_LARGE });
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const doc = await uploadDocument(file, (percent) => setPhase({ kind: 'uploading', percent }));
      setFile(null);
      if (input.current) input.current.value = '';
      setPhase({ kind: 'processing', doc });
      onUploaded();
    } catch (err) {
      setPhase({ kind: file ? 'selected' : 'idle' });
      if (err instanceof ApiError && err.status === 413) setMessage({ tone: 'error', text: TOO_LARGE });
      else if (err instanceof ApiError && err.status === 401) setMessage({ tone: 'error', text: SESSION_EXPIRED });
      else if (err instanceof Error && err.message) setMessage({ tone: 'error', text: `Error: ${err.message}` });
      else setMessage({ tone: 'error', text: 'Failed to process document' });
    }
  };

  return (
    <Card title="Upload a document" className="upload-card">
      <form className="upload-form" onSubmit={submit} noValidate>
        <div className="upload-form__row">
          <label htmlFor={inputId} className={`upload-drop${busy ? ' upload-drop--busy' : ''}`}>
            <FileUp size={28} aria-hidden="true" className="upload-drop__icon" />
            <span className="upload-drop__text">{file ? file.name : 'Choose a file'}</span>
            <span id={hintId} className="upload-drop__hint">
              PDF, JPG, PNG, DOC, DOCX or TXT, up to 200MB
            </span>
            <input
              ref={input}
              id={inputId}
              type="file"
              name="document"
              accept={ACCEPT}
              className="upload-drop__input"
              aria-describedby={hintId}
              disabled={busy}
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null;
                setFile(f);
                setMessage(null);
                setPhase(f ? { kind: 'selected' } : { kind: 'idle' });
              }}
            />
          </label>
          {preview && <img className="upload-preview" src={preview} alt={`Preview of ${file?.name ?? 'the selected image'}`} />}
        </div>
        <div className="upload-form__actions">
          <Button type="submit" icon={<Upload size={18} />} busy={busy}>
            {phase.kind === 'uploading' ? 'Uploading...' : phase.kind === 'processing' ? 'Processing...' : 'Upload Document'}
          </Button>
        </div>
        {phase.kind === 'uploading' && (
          <div className="upload-progress">
            <progress max={100} value={phase.percent} aria-label="Upload progress" />
            <span aria-live="polite">Uploading {phase.percent}%</span>
          </div>
        )}
        {phase.kind === 'processing' && (
          <div className="upload-progress" aria-live="polite">
            <progress aria-label="Processing progress" {...(phase.doc.processingStep?.of ? { max: phase.doc.processingStep.of, value: phase.doc.processingStep.page ?? 0 } : {})} />
            <span>
              Processing {phase.doc.originalName}: {describeStep(phase.doc.processingStep)}
            </span>
          </div>
        )}
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
      </form>
    </Card>
  );
}
